'use client';
// The content library (issue 25 item 4): the caller's content as a grid of cards (default) or a table, searched,
// filtered, sorted and paged on the server (GET /h5p/content, keyset cursors: each page starts at the `nextCursor`
// of the one before, kept so Previous goes back). The filters, sort and view live in the address (history
// replaceState, which Next's router keeps in step, so no server round trip per keystroke) and the server reads them
// for the first render: a reload or a shared link shows the same list. Each item has one overflow menu with every
// action; selected items get a sticky bulk bar (publish, make private, delete — confirmed in a dialog that warns
// about public items and items used in collections, as the content page's does). Every call
// goes through callApi with the session cookie; the browser never holds a token. Outcomes show in the status line
// and a toast.
import { FileUp, LibraryBig, Plus, SearchX, Sparkles } from 'lucide-react';
import { LayoutGrid, Rows3 } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { callApi } from '@/components/shared/api';
import { Button, ButtonLink, EmptyState, Pagination, Skeleton } from '@/components/ui';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useToast } from '@/components/ui/Toaster';
import { ContentCard } from './library/ContentCard';
import { ContentTable } from './library/ContentTable';
import { DEFAULT_FILTERS, filtersToQuery, isFiltered, LIBRARY_SORTS, listQueryOf, type LibraryFilters, type LibrarySort } from './library/filters';
import { ItemMenu } from './library/ItemMenu';
import { TagEditor } from './library/parts';
import type { FolderNode } from './library/FolderTree';
import { MoveToFolderDialog } from './library/MoveToFolderDialog';
import { BulkDeleteDescription, DeleteItemDescription, useContentUsage } from './library/DeleteWarnings';
import type { Allowance } from '@/lib/plans/allowance';
import styles from './library/library.module.css';

export interface MyContentItem {
  id: string;
  title: string;
  mainLibrary: string;
  contentTypeSlug: string;
  /** the content type's title (the installed library's, in the reader's language where H5P translates it) */
  contentTypeTitle: string;
  /** the content's first image (null: none; the type's icon stands in) */
  thumbnailUrl: string | null;
  icon: string | null;
  visibility: 'private' | 'public';
  viewCount: number;
  quality: { overallScore: number; bloomsLevel: string } | null;
  /** the item's Bloom's level, as every screen shows it (lib/content/blooms.ts) */
  bloomsLevel?: string | null;
  tags: string[];
  updatedAt: string;
}

/** The natural direction of each sort (the list's default when no order is chosen). */
const NATURAL: Record<LibrarySort, 'asc' | 'desc'> = { updated: 'desc', created: 'desc', title: 'asc', views: 'desc', quality: 'desc' };

interface Props {
  initialItems: MyContentItem[];
  initialTotal: number;
  /** the cursor of the second page (null when the first page holds everything) */
  initialNextCursor: string | null;
  /** the filters of the address the page was loaded with */
  initialFilters?: LibraryFilters;
  /** the user has any content at all (else the first-run empty state) */
  hasContent?: boolean;
  types: { machineName: string; slug: string; title?: string }[];
  initialTags: string[];
  pageSize: number;
  /** the plan that unlocks SCORM export, when the caller's plan lacks it */
  scormPlan?: string | null;
  /** the server's clock at render (relative times agree between server and browser) */
  now?: string;
  /**
   * The folders column (FolderTree on desktop, a select on phones), given the folder shown ('' = all, 'root', an id)
   * and the way to show another (kept in ?folder= and sent to GET /h5p/content as `folder`). Not given: no column.
   */
  folders?: (current: string, select: (folder: string) => void) => ReactNode;
  /** the caller's folders: with them each item's menu offers "Move to folder…" and a card can be dragged onto a folder */
  folderList?: FolderNode[];
  /** set when the plan's quota is reached: Duplicate is disabled with this reason */
  duplicateBlocked?: Allowance | null;
  /** a move changed the folders' counts */
  onFoldersChanged?: () => void;
}

/** the window event a folder tree sends after a drop moved items: the list loads again */
export const LIBRARY_CHANGED = 'lumen:library-changed';

export function MyContent({ initialItems, initialTotal, initialNextCursor, initialFilters = DEFAULT_FILTERS, hasContent: initialHasContent, types, initialTags, pageSize, scormPlan, now: serverNow, folders, folderList, onFoldersChanged, duplicateBlocked }: Props) {
  const [moving, setMoving] = useState<MyContentItem | null>(null);
  const t = useTranslations('content');
  const locale = useLocale();
  const toast = useToast();
  const ids = useId();
  const [filters, setFilters] = useState<LibraryFilters>(initialFilters);
  // the cursor each visited page starts at ('' = the first page) and the page shown
  const [cursors, setCursors] = useState<string[]>(['']);
  const [pageIndex, setPageIndex] = useState(0);
  const [nextCursor, setNextCursor] = useState<string | null>(initialNextCursor);
  const [items, setItems] = useState(initialItems);
  const [total, setTotal] = useState(initialTotal);
  const [hasContent, setHasContent] = useState(initialHasContent ?? (initialTotal > 0 || isFiltered(initialFilters)));
  const [allTags, setAllTags] = useState(initialTags);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(false);
  const [slow, setSlow] = useState(false);
  const [editingTags, setEditingTags] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState<MyContentItem | null>(null);
  // what deleting touches (public, in collections): asked when a delete dialog opens
  const deletingUsage = useContentUsage(deleting ? [deleting.id] : null);
  const bulkUsage = useContentUsage(confirmingDelete ? [...selected] : null);
  const [now, setNow] = useState(() => (serverNow ? Date.parse(serverNow) : Date.now()));
  const first = useRef(true);
  const loadSeq = useRef(0);

  // relative times: the server's clock for the first render, the browser's from then on
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const load = useCallback(async () => {
    const seq = ++loadSeq.current;
    const q = new URLSearchParams(Object.entries(listQueryOf(filters, pageSize, cursors[pageIndex] || undefined)).map(([k, v]) => [k, String(v)]));
    // the type titles in the interface's language (as the server's first render has them)
    q.set('language', locale);
    setLoading(true);
    try {
      const r = await callApi<MyContentItem[]>('GET', `/h5p/content?${q}`);
      if (seq !== loadSeq.current) return; // a later load answers for the current filters
      setItems(r.data);
      setTotal(r.total ?? 0);
      setNextCursor(typeof r.nextCursor === 'string' ? r.nextCursor : null);
      if (!isFiltered(filters)) setHasContent((r.total ?? 0) > 0);
      else if ((r.total ?? 0) > 0) setHasContent(true);
      setError('');
    } catch (e) {
      if (seq === loadSeq.current) setError(t('list.loadFailed', { message: (e as Error).message }));
    } finally {
      if (seq === loadSeq.current) setLoading(false);
    }
  }, [filters, cursors, pageIndex, pageSize, locale, t]);

  useEffect(() => {
    if (first.current) {
      // the server rendered the first page; later changes load again (debounced for typing)
      first.current = false;
      // scores still being computed in the background show up on the next load
      if (!initialItems.some((i) => !i.quality)) return;
      const timer = setTimeout(() => void load(), 1500);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => void load(), 250);
    return () => clearTimeout(timer);
  }, [load, initialItems]);

  // a drop on the folder tree moved items: load again
  useEffect(() => {
    const reload = () => void load();
    window.addEventListener(LIBRARY_CHANGED, reload);
    return () => window.removeEventListener(LIBRARY_CHANGED, reload);
  }, [load]);

  // skeletons only when a load takes long enough to notice
  useEffect(() => {
    if (!loading) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), 300);
    return () => clearTimeout(timer);
  }, [loading]);

  // the address follows the filters (a reload or a shared link shows the same list)
  useEffect(() => {
    // the library page's tab (?library=shared, "Shared with me") stays in the address too
    const tab = new URLSearchParams(window.location.search).get('library');
    const query = filtersToQuery(filters);
    const url = `${window.location.pathname}${query}${tab ? `${query ? '&' : '?'}library=${encodeURIComponent(tab)}` : ''}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', url);
  }, [filters]);

  /** A changed filter starts at the first page and clears the selection (the view keeps both). */
  function setFilter<K extends keyof LibraryFilters>(key: K, value: LibraryFilters[K]) {
    setFilters((f) => ({ ...f, [key]: value }));
    if (key === 'view') return;
    firstPage();
    setSelected(new Set());
  }

  function clearFilters() {
    setFilters((f) => ({ ...DEFAULT_FILTERS, view: f.view, sort: f.sort, order: f.order }));
    firstPage();
    setSelected(new Set());
  }

  function sortBy(key: LibrarySort) {
    const dir = filters.order || NATURAL[filters.sort];
    if (key === filters.sort) setFilter('order', dir === 'asc' ? 'desc' : 'asc');
    else {
      setFilters((f) => ({ ...f, sort: key, order: '' }));
      firstPage();
      setSelected(new Set());
    }
  }

  function firstPage() {
    setCursors(['']);
    setPageIndex(0);
  }

  function nextPage() {
    if (!nextCursor) return;
    setCursors((c) => [...c.slice(0, pageIndex + 1), nextCursor]);
    setPageIndex(pageIndex + 1);
  }

  function toggle(id: string) {
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  }
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i.id));
  function toggleAll() {
    setSelected(allOnPage ? new Set() : new Set(items.map((i) => i.id)));
  }

  async function bulk(action: 'publish' | 'unpublish' | 'delete') {
    setBusy(true);
    setStatus('');
    try {
      const r = await callApi<{ results: { contentId: string; success: boolean; error?: string }[] }>('POST', '/h5p/content/bulk', { action, contentIds: [...selected] });
      const failed = r.data.results.filter((x) => !x.success);
      const done = r.data.results.length - failed.length;
      const counts = { done, total: r.data.results.length };
      const summary = action === 'delete' ? t('list.bulkDeleted', counts) : action === 'publish' ? t('list.bulkPublished', counts) : t('list.bulkUnpublished', counts);
      const notChanged = failed.length ? t('list.notChanged', { list: failed.map((f) => `${f.contentId} (${f.error ?? t('list.failedItem')})`).join(', ') }) : '';
      setStatus(notChanged ? `${summary} ${notChanged}` : summary);
      toast(failed.length ? { title: t('list.bulkPartlyToast'), description: `${summary} ${notChanged}`, tone: 'error' } : { title: summary });
      setSelected(new Set(failed.map((f) => f.contentId)));
      await load();
    } catch (e) {
      setStatus(t('list.bulkFailed', { message: (e as Error).message }));
      toast({ title: t('list.bulkFailedToast'), description: (e as Error).message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function duplicate(item: MyContentItem) {
    setStatus('');
    try {
      await callApi<{ contentId: string }>('POST', `/h5p/content/${encodeURIComponent(item.id)}/duplicate`);
      const done = t('list.duplicated', { title: item.title });
      setStatus(done);
      toast({ title: done });
      firstPage();
      await load();
    } catch (e) {
      setStatus(t('list.duplicateFailed', { message: (e as Error).message }));
      toast({ title: t('list.duplicateFailedToast', { title: item.title }), description: (e as Error).message, tone: 'error' });
    }
  }

  async function toggleVisibility(item: MyContentItem) {
    const next = item.visibility === 'public' ? 'private' : 'public';
    try {
      const r = await callApi<{ visibility: 'private' | 'public' }>('PATCH', `/h5p/content/${encodeURIComponent(item.id)}/visibility`, { visibility: next });
      setItems((xs) => xs.map((x) => (x.id === item.id ? { ...x, visibility: r.data.visibility } : x)));
      const done = r.data.visibility === 'public' ? t('actions.published', { title: item.title }) : t('actions.madePrivate', { title: item.title });
      setStatus(done);
      toast({ title: done });
    } catch (e) {
      setStatus(`${t('actions.visibilityFailed', { title: item.title })}: ${(e as Error).message}`);
      toast({ title: t('actions.visibilityFailed', { title: item.title }), description: (e as Error).message, tone: 'error' });
    }
  }

  async function deleteOne(item: MyContentItem) {
    try {
      await callApi('DELETE', `/h5p/content/${encodeURIComponent(item.id)}`);
      const done = t('actions.deleted', { title: item.title });
      setStatus(done);
      toast({ title: done });
      setSelected((s) => {
        const n = new Set(s);
        n.delete(item.id);
        return n;
      });
      await load();
    } catch (e) {
      setStatus(`${t('actions.deleteFailed', { title: item.title })}: ${(e as Error).message}`);
      toast({ title: t('actions.deleteFailed', { title: item.title }), description: (e as Error).message, tone: 'error' });
    }
  }

  async function saveTags(item: MyContentItem, draft: string) {
    const tags = draft.split(',').map((tg) => tg.trim().toLowerCase()).filter(Boolean);
    try {
      const r = await callApi<{ tags: string[] }>('PUT', `/h5p/content/${encodeURIComponent(item.id)}/tags`, { tags });
      setItems((xs) => xs.map((x) => (x.id === item.id ? { ...x, tags: r.data.tags } : x)));
      setAllTags((ts) => [...new Set([...ts, ...r.data.tags])].sort());
      setEditingTags(null);
      const done = t('list.tagsSaved', { title: item.title });
      setStatus(done);
      toast({ title: done });
    } catch (e) {
      setStatus(t('list.tagsFailed', { message: (e as Error).message }));
      toast({ title: t('list.tagsFailedToast', { title: item.title }), description: (e as Error).message, tone: 'error' });
    }
  }

  const menuOf = (item: MyContentItem) => (
    <ItemMenu
      item={item}
      scormPlan={scormPlan}
      onDuplicate={(i) => void duplicate(i)}
      onEditTags={(i) => setEditingTags(i.id)}
      onToggleVisibility={(i) => void toggleVisibility(i)}
      onDelete={(i) => setDeleting(i)}
      onMove={folderList ? (i) => setMoving(i) : undefined}
      duplicateBlocked={duplicateBlocked}
    />
  );
  const tagEditorOf = (item: MyContentItem) =>
    editingTags === item.id ? <TagEditor initial={item.tags.join(', ')} onSave={(draft) => void saveTags(item, draft)} onCancel={() => setEditingTags(null)} /> : null;

  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = pageIndex + 1;
  const filtered = isFiltered(filters);
  const dir = filters.order || NATURAL[filters.sort];

  let body: ReactNode;
  if (loading && slow) {
    body = filters.view === 'table' ? <Skeleton variant="line" count={8} label={t('list.loading')} /> : (
      <div className={styles.grid}>
        <Skeleton variant="card" count={Math.min(pageSize, Math.max(items.length, 6))} label={t('list.loading')} />
      </div>
    );
  } else if (items.length === 0 && !hasContent && !filtered) {
    body = (
      <EmptyState
        testId="empty"
        icon={LibraryBig}
        title={t('list.emptyTitle')}
        body={t('list.emptyBody')}
        action={
          <>
            <ButtonLink href="/content/new" variant="primary" icon={Plus} data-testid="empty-create">{t('list.emptyCreate')}</ButtonLink>
            <ButtonLink href="/content/import" icon={FileUp} data-testid="empty-import">{t('list.emptyImport')}</ButtonLink>
            <ButtonLink href="/content/ai" icon={Sparkles} data-testid="empty-ai">{t('list.emptyAi')}</ButtonLink>
          </>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        testId="empty"
        icon={SearchX}
        title={t('list.noMatch')}
        body={t('list.noMatchBody')}
        action={filtered ? <Button onClick={clearFilters} data-testid="clear-filters">{t('list.clearFilters')}</Button> : undefined}
      />
    );
  } else if (filters.view === 'table') {
    body = <ContentTable items={items} selected={selected} onToggle={toggle} allSelected={allOnPage} onToggleAll={toggleAll} menuOf={menuOf} tagEditorOf={tagEditorOf} now={now} sort={filters.sort} dir={dir} onSort={sortBy} />;
  } else {
    body = (
      <ul className={styles.grid} data-testid="content-list">
        {items.map((c) => (
          <ContentCard key={c.id} item={c} selected={selected.has(c.id)} onToggle={toggle} menu={menuOf(c)} tagEditor={tagEditorOf(c)} now={now} />
        ))}
      </ul>
    );
  }

  return (
    <div className={[styles.layout, folders ? styles.withFolders : ''].join(' ')}>
      {folders ? <div className={styles.folders}>{folders(filters.folder, (folder) => setFilter('folder', folder))}</div> : null}
      <div className={styles.main}>
        <form className={styles.filters} role="search" aria-label={t('list.findContent')} onSubmit={(e) => e.preventDefault()}>
          <div className={`${styles.field} ${styles.searchField}`}>
            <label htmlFor={`${ids}-f1`}>{t('list.searchTitles')}</label>
            <input id={`${ids}-f1`} type="search" data-testid="content-search" value={filters.q} maxLength={500} onChange={(e) => setFilter('q', e.target.value)} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-f2`}>{t('list.type')}</label>
            <select id={`${ids}-f2`} data-testid="filter-type" value={filters.type} onChange={(e) => setFilter('type', e.target.value)}>
              <option value="">{t('list.allTypes')}</option>
              {types.map((ct) => (
                <option key={ct.machineName} value={ct.machineName}>{ct.title ?? ct.slug}</option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-f3`}>{t('list.visibility')}</label>
            <select id={`${ids}-f3`} data-testid="filter-visibility" value={filters.visibility} onChange={(e) => setFilter('visibility', e.target.value as LibraryFilters['visibility'])}>
              <option value="">{t('list.anyVisibility')}</option>
              <option value="private">{t('list.private')}</option>
              <option value="public">{t('list.public')}</option>
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-f4`}>{t('list.tag')}</label>
            <select id={`${ids}-f4`} data-testid="filter-tag" value={filters.tag} onChange={(e) => setFilter('tag', e.target.value)}>
              <option value="">{t('list.anyTag')}</option>
              {[...new Set([...allTags, ...(filters.tag ? [filters.tag] : [])])].map((tg) => (
                <option key={tg} value={tg}>{tg}</option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-f5`}>{t('list.sortBy')}</label>
            <select
              id={`${ids}-f5`}
              data-testid="sort-by"
              value={filters.sort}
              onChange={(e) => {
                setFilter('sort', e.target.value as LibrarySort);
              }}
            >
              {LIBRARY_SORTS.map((s) => (
                <option key={s} value={s}>{t(`list.sort.${s}`)}</option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-f6`}>{t('list.order')}</label>
            <select id={`${ids}-f6`} data-testid="sort-order" value={filters.order} onChange={(e) => setFilter('order', e.target.value as LibraryFilters['order'])}>
              <option value="">{t('list.orderDefault')}</option>
              <option value="asc">{t('list.orderAsc')}</option>
              <option value="desc">{t('list.orderDesc')}</option>
            </select>
          </div>
        </form>

        <div className={styles.listBar}>
          <label className={styles.check}>
            <input type="checkbox" data-testid="select-all" checked={allOnPage} onChange={toggleAll} disabled={!items.length} /> {t('list.selectAll')}
          </label>
          <p className={styles.total} data-testid="content-total" aria-live="polite">{t('list.total', { count: total })}</p>
          <div className={styles.viewSwitch} role="group" aria-label={t('list.view')}>
            <button type="button" aria-pressed={filters.view === 'grid'} data-testid="view-grid" onClick={() => setFilter('view', 'grid')}>
              <LayoutGrid aria-hidden size={16} />
              {t('list.viewGrid')}
            </button>
            <button type="button" aria-pressed={filters.view === 'table'} data-testid="view-table" onClick={() => setFilter('view', 'table')}>
              <Rows3 aria-hidden size={16} />
              {t('list.viewTable')}
            </button>
          </div>
        </div>

        {selected.size > 0 ? (
          <div className={styles.bulk} role="group" aria-label={t('list.bulkActions')} data-testid="bulk-bar">
            <span data-testid="selected-count" aria-live="polite" className={styles.selectedCount}>{t('list.selectedCount', { count: selected.size })}</span>
            <Button size="sm" variant="primary" data-testid="bulk-publish" disabled={busy} onClick={() => void bulk('publish')}>{t('list.publish')}</Button>
            <Button size="sm" data-testid="bulk-unpublish" disabled={busy} onClick={() => void bulk('unpublish')}>{t('list.makePrivate')}</Button>
            <Button size="sm" variant="danger" data-testid="bulk-delete" disabled={busy} onClick={() => setConfirmingDelete(true)}>{t('list.delete')}</Button>
            <Button size="sm" variant="ghost" data-testid="bulk-clear" onClick={() => setSelected(new Set())}>{t('list.clearSelection')}</Button>
          </div>
        ) : null}

        <ConfirmDialog
          testId="bulk-delete-dialog"
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={t('list.bulkDeleteTitle', { count: selected.size })}
          description={<BulkDeleteDescription usage={bulkUsage} knownPublic={items.filter((i) => selected.has(i.id) && i.visibility === 'public').length} />}
          confirmLabel={t('list.bulkDeleteConfirm')}
          onConfirm={() => bulk('delete')}
        />
        <ConfirmDialog
          testId="delete-dialog"
          open={deleting !== null}
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title={t('actions.deleteTitle', { title: deleting?.title ?? '' })}
          description={<DeleteItemDescription visibility={deleting?.visibility ?? 'private'} usage={deletingUsage?.find((u) => u.contentId === deleting?.id) ?? null} />}
          confirmLabel={t('actions.deleteConfirm')}
          onConfirm={() => (deleting ? deleteOne(deleting) : undefined)}
        />

        {folderList ? (
          <MoveToFolderDialog
            contentIds={moving ? [moving.id] : []}
            folders={folderList}
            open={moving !== null}
            onOpenChange={(open) => {
              if (!open) setMoving(null);
            }}
            onMoved={() => {
              setMoving(null);
              onFoldersChanged?.();
              void load();
            }}
            title={moving?.title}
          />
        ) : null}
        <p role="status" aria-live="polite" data-testid="list-status" className={styles.status}>{status}</p>
        {error ? <p className="error" role="alert" data-testid="list-error">{error}</p> : null}

        <div id="library-items" tabIndex={-1} className={styles.items} aria-busy={loading}>
          {body}
        </div>

        <Pagination
          label={t('list.pages')}
          previousLabel={t('list.previous')}
          nextLabel={t('list.next')}
          onPrev={pageIndex > 0 ? () => setPageIndex(Math.max(0, pageIndex - 1)) : undefined}
          onNext={nextCursor ? nextPage : undefined}
          summary={<span data-testid="page-info">{t('list.pageInfo', { page, pages })}</span>}
        />
      </div>
    </div>
  );
}
