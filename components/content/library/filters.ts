// The library's filters as they live in the address (?q=&type=&visibility=&tag=&sort=&order=&view=&folder=): read on the
// server for the first render and written back by the page as they change, so a reload or a shared link shows the
// same list. Unknown or malformed values fall back to the defaults (never an error page).
export const LIBRARY_SORTS = ['updated', 'created', 'title', 'views', 'quality'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export type LibraryView = 'grid' | 'table';

export interface LibraryFilters {
  q: string;
  type: string;
  visibility: '' | 'private' | 'public';
  tag: string;
  sort: LibrarySort;
  order: '' | 'asc' | 'desc';
  view: LibraryView;
  /** one of the caller's folders (its id), `root` (items in no folder), or '' (everything) */
  folder: string;
}

export const DEFAULT_FILTERS: LibraryFilters = { q: '', type: '', visibility: '', tag: '', sort: 'updated', order: '', view: 'grid', folder: '' };

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function one(p: Params, key: string): string {
  const v = p instanceof URLSearchParams ? p.get(key) : p[key];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

/** The filters named by an address's query (anything unknown: the default). */
export function filtersFromParams(p: Params): LibraryFilters {
  const visibility = one(p, 'visibility');
  const sort = one(p, 'sort');
  const order = one(p, 'order');
  return {
    q: one(p, 'q').slice(0, 500),
    type: one(p, 'type').slice(0, 255),
    visibility: visibility === 'private' || visibility === 'public' ? visibility : '',
    tag: one(p, 'tag').trim().toLowerCase().slice(0, 50),
    sort: (LIBRARY_SORTS as readonly string[]).includes(sort) ? (sort as LibrarySort) : 'updated',
    order: order === 'asc' || order === 'desc' ? order : '',
    view: one(p, 'view') === 'table' ? 'table' : 'grid',
    folder: /^(root|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.test(one(p, 'folder')) ? one(p, 'folder').toLowerCase() : '',
  };
}

/** The address query of these filters: only what differs from the defaults ('' for none). */
export function filtersToQuery(f: LibraryFilters): string {
  const q = new URLSearchParams();
  if (f.q.trim()) q.set('q', f.q.trim());
  if (f.type) q.set('type', f.type);
  if (f.visibility) q.set('visibility', f.visibility);
  if (f.tag) q.set('tag', f.tag);
  if (f.sort !== 'updated') q.set('sort', f.sort);
  if (f.order) q.set('order', f.order);
  if (f.view !== 'grid') q.set('view', f.view);
  if (f.folder) q.set('folder', f.folder);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GET /h5p/content's query for these filters (listContentsQuery's names). */
export function listQueryOf(f: LibraryFilters, limit: number, cursor?: string): Record<string, string | number> {
  const q: Record<string, string | number> = { sortBy: f.sort, limit };
  if (f.order) q.order = f.order;
  if (f.q.trim()) q.search = f.q.trim();
  if (f.type) q.type = f.type;
  if (f.visibility) q.visibility = f.visibility;
  if (f.tag) q.tag = f.tag;
  if (f.folder) q.folder = f.folder;
  if (cursor) q.cursor = cursor;
  return q;
}

/** True when any filter narrows the list (the view and the sort do not). */
export const isFiltered = (f: LibraryFilters) => Boolean(f.q.trim() || f.type || f.visibility || f.tag || f.folder);
