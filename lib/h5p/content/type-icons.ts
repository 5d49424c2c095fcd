// The type icon and title of content types by machine name (the newest installed version of each): what a card
// shows when the content has no picture of its own (the marketplace). One query for the libraries, then one file
// check per library (kept in the 'libraries' cache on a remote store, emptied by any library install). Titles are in
// the reader's language where H5P ships a translation (content-types/titles.ts).
import { localCache } from '@/lib/cache/local';
import { db } from '@/lib/db/client';
import { fileStore } from '@/lib/files/store';
import { libraryPrefix } from '@/lib/h5p/engine/paths';
import { typeTitle } from '@/lib/h5p/content-types/titles';

export interface TypeFacts {
  /** /h5p/libraries/<Machine>-<major>.<minor>/icon.svg, null when the library ships no icon */
  icon: string | null;
  /** the library's title in the reader's language where H5P translates it ("Lückentext (Fill in the Blanks)"), else
   * its installed title ("Fill in the Blanks"); null when it is not installed */
  title: string | null;
}

/** The facts of each installed type among `machineNames`, titles in `locale` (a language code; default English). */
export async function typeFacts(machineNames: readonly string[], locale = 'en'): Promise<Map<string, TypeFacts>> {
  const wanted = [...new Set(machineNames.filter((m) => /^[\w.-]+$/.test(m)))];
  const out = new Map<string, TypeFacts>();
  if (!wanted.length) return out;
  const libs = await db().h5pLibrary.findMany({
    where: { machineName: { in: wanted } },
    select: { machineName: true, majorVersion: true, minorVersion: true, title: true },
    orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }],
  });
  const newest = new Map<string, (typeof libs)[number]>();
  for (const l of libs) if (!newest.has(l.machineName)) newest.set(l.machineName, l);
  const store = fileStore();
  await Promise.all(
    [...newest.values()].map(async (l) => {
      const dir = `${l.machineName}-${l.majorVersion}.${l.minorVersion}`;
      const exists = async () => (await store.stat(`${libraryPrefix(dir)}icon.svg`).catch(() => null)) !== null;
      const found =
        store.kind === 'local' ? await exists() : await localCache<boolean>('libraries', { ttlMs: 10 * 60_000, max: 50_000 }).getOrLoad(`icon:${dir}`, exists);
      out.set(l.machineName, { icon: found ? `/h5p/libraries/${dir}/icon.svg` : null, title: typeTitle(l.machineName, locale, l.title) });
    }),
  );
  return out;
}
