// The create page's type picker (issue 25 item 6): every installed runnable content type (newest version) that is
// not hidden, with its icon, title and one-line summary in the reader's language, its categories, and the types
// the caller used last (from their own content: no table of its own). Read from the database, the file store and
// the hub's content type cache as it is — the page never waits on the hub.
import { z } from 'zod';
import { db } from '@/lib/db/client';
import { fileStore } from '@/lib/files/store';
import { localCache } from '@/lib/cache/local';
import { libraryPrefix } from '@/lib/h5p/engine/paths';
import { h5p } from '@/lib/h5p/engine/server';
import { log } from '@/lib/log';
import { categoriesOf, TYPE_CATEGORIES } from './categories';
import { hiddenMachineNames } from './hidden';
import { typeSummary, typeTitle } from './titles';

export const pickerTypeSchema = z.object({
  machineName: z.string(),
  /** `H5P.MultiChoice 1.16`: what the editor is opened with */
  library: z.string(),
  title: z.string(),
  /** null when neither the hub, its translations nor library.json have one (the page shows its fallback text) */
  summary: z.string().nullable(),
  categories: z.array(z.enum(TYPE_CATEGORIES)),
  icon: z.string().nullable(),
});
export type PickerType = z.infer<typeof pickerTypeSchema>;

export const createCatalogSchema = z.object({ types: z.array(pickerTypeSchema), recent: z.array(z.string()) });
export type CreateCatalog = z.infer<typeof createCatalogSchema>;

interface HubEntry {
  machineName: string;
  title?: string;
  summary?: string;
  description?: string;
  categories?: string[];
}

async function hubEntries(): Promise<Map<string, HubEntry>> {
  try {
    const { editor } = await h5p();
    const cached = ((await editor.contentTypeCache.get()) ?? []) as unknown as HubEntry[];
    return new Map(cached.filter((c) => c && typeof c.machineName === 'string').map((c) => [c.machineName, c]));
  } catch (err) {
    log.warn({ err }, 'content type cache unreadable for the type picker');
    return new Map();
  }
}

async function iconOf(dir: string): Promise<string | null> {
  if (!/^[\w.-]+$/.test(dir)) return null;
  const store = fileStore();
  const exists = async () => (await store.stat(`${libraryPrefix(dir)}icon.svg`).catch(() => null)) !== null;
  const found = store.kind === 'local' ? await exists() : await localCache<boolean>('libraries', { ttlMs: 10 * 60_000, max: 50_000 }).getOrLoad(`icon:${dir}`, exists);
  return found ? `/h5p/libraries/${dir}/icon.svg` : null;
}

/** How many recently used types the picker shows. */
export const RECENT_TYPES = 4;

/** The machine names of the types `userId` used last (their most recently updated content first), installed or not. */
export async function recentlyUsedTypes(userId: string, take = RECENT_TYPES): Promise<string[]> {
  const rows = await db().contentOwnership.findMany({
    where: { userId, mainLibrary: { not: null } },
    orderBy: [{ contentUpdatedAt: 'desc' }],
    distinct: ['mainLibrary'],
    select: { mainLibrary: true },
    take,
  });
  return rows.map((r) => r.mainLibrary!).filter(Boolean);
}

/** The picker's types (sorted by title in `locale`) and the caller's recently used ones among them. */
export async function createCatalog(userId: string, locale: string): Promise<CreateCatalog> {
  const [libs, hidden, hub, recent] = await Promise.all([
    db().h5pLibrary.findMany({
      where: { runnable: true },
      select: { machineName: true, majorVersion: true, minorVersion: true, title: true, metadata: true },
      orderBy: [{ machineName: 'asc' }, { majorVersion: 'desc' }, { minorVersion: 'desc' }],
    }),
    hiddenMachineNames(),
    hubEntries(),
    recentlyUsedTypes(userId, RECENT_TYPES * 3),
  ]);
  const newest = new Map<string, (typeof libs)[number]>();
  for (const l of libs) if (!newest.has(l.machineName) && !hidden.has(l.machineName)) newest.set(l.machineName, l);
  const types = await Promise.all(
    [...newest.values()].map(async (l): Promise<PickerType> => {
      const h = hub.get(l.machineName);
      const meta = (l.metadata ?? {}) as { description?: unknown };
      const described = typeof meta.description === 'string' ? meta.description : null;
      return {
        machineName: l.machineName,
        library: `${l.machineName} ${l.majorVersion}.${l.minorVersion}`,
        title: typeTitle(l.machineName, locale, l.title || h?.title),
        summary: typeSummary(l.machineName, locale, h?.summary || described || h?.description || null),
        categories: categoriesOf(l.machineName, h?.categories),
        icon: await iconOf(`${l.machineName}-${l.majorVersion}.${l.minorVersion}`),
      };
    }),
  );
  types.sort((a, b) => a.title.localeCompare(b.title, locale));
  const installed = new Set(types.map((t) => t.machineName));
  return { types, recent: recent.filter((m) => installed.has(m)).slice(0, RECENT_TYPES) };
}
