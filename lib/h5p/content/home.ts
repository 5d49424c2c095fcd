// The teacher's home: the content types to offer as quick-create tiles — the ones the teacher uses most, topped up
// with the commonly used types that are installed — each with its installed title and icon.
import { db } from '@/lib/db/client';
import { fileStore } from '@/lib/files/store';
import { localCache } from '@/lib/cache/local';
import { libraryPrefix } from '@/lib/h5p/engine/paths';

/** the types most teachers start with (H5P's own most-used list), in order */
const POPULAR = ['H5P.InteractiveVideo', 'H5P.CoursePresentation', 'H5P.MultiChoice', 'H5P.Blanks', 'H5P.DragQuestion', 'H5P.QuestionSet', 'H5P.TrueFalse', 'H5P.Flashcards', 'H5P.DragText', 'H5P.Accordion'];

export interface QuickType {
  machineName: string;
  title: string;
  icon: string | null;
}

export async function quickCreateTypes(userId: string, count = 6): Promise<QuickType[]> {
  const [used, installed] = await Promise.all([
    db().$queryRaw<{ main_library: string; n: number }[]>`
      SELECT c.main_library, count(*)::int AS n FROM content_ownership o JOIN h5p_contents c ON c.id = o.content_id
       WHERE o.user_id = ${userId}::uuid GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${count}`,
    db().h5pLibrary.findMany({
      where: { runnable: true, restricted: false },
      select: { machineName: true, majorVersion: true, minorVersion: true, title: true },
      orderBy: [{ machineName: 'asc' }, { majorVersion: 'desc' }, { minorVersion: 'desc' }],
    }),
  ]);
  const newest = new Map<string, { title: string; dir: string }>();
  for (const l of installed) if (!newest.has(l.machineName)) newest.set(l.machineName, { title: l.title || l.machineName, dir: `${l.machineName}-${l.majorVersion}.${l.minorVersion}` });
  const names: string[] = [];
  for (const n of [...used.map((u) => u.main_library), ...POPULAR, ...newest.keys()]) {
    if (names.length >= count) break;
    if (newest.has(n) && !names.includes(n)) names.push(n);
  }
  const store = fileStore();
  const icons = localCache<boolean>('libraries', { ttlMs: 10 * 60_000, max: 50_000 });
  return Promise.all(
    names.map(async (machineName) => {
      const { title, dir } = newest.get(machineName)!;
      const has = /^[\w.-]+$/.test(dir) ? await icons.getOrLoad(`icon:${dir}`, async () => (await store.stat(`${libraryPrefix(dir)}icon.svg`).catch(() => null)) !== null) : false;
      return { machineName, title, icon: has ? `/h5p/libraries/${dir}/icon.svg` : null };
    }),
  );
}
