'use client';
// My content: the caller's content searched, filtered, sorted and paged on the server (GET /h5p/content, keyset
// cursors: each page starts at the `nextCursor` of the one before, kept so Previous goes back), with
// tag editing, duplicate, and bulk publish / unpublish / delete (confirmed in a dialog). Every call goes through
// callApi with the session cookie; the browser never holds a token. Outcomes show in the status line and a toast.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useToast } from '@/components/ui/Toaster';
import { ContentActions } from './ContentActions';
import styles from './MyContent.module.css';
import { isBloomLevel } from '@/lib/content/blooms';

export interface MyContentItem {
  id: string;
  title: string;
  mainLibrary: string;
  contentTypeSlug: string;
  icon: string | null;
  visibility: 'private' | 'public';
  viewCount: number;
  quality: { overallScore: number; bloomsLevel: string } | null;
  /** the item's Bloom's level, as every screen shows it (lib/content/blooms.ts) */
  bloomsLevel?: string | null;
  tags: string[];
  updatedAt: string;
}

type Sort = 'updated' | 'created' | 'title' | 'views' | 'quality';
const SORTS: Sort[] = ['updated', 'created', 'title', 'views', 'quality'];

interface Props {
  initialItems: MyContentItem[];
  initialTotal: number;
  /** the cursor of the second page (null when the first page holds everything) */
  initialNextCursor: string | null;
  types: { machineName: string; slug: string }[];
  initialTags: string[];
  pageSize: number;
  /** the plan that unlocks SCORM export, when the caller's plan lacks it */
  scormPlan?: string | null;
}

export function MyContent({ initialItems, initialTotal, initialNextCursor, types, initialTags, pageSize, scormPlan }: Props) {
  const t = useTranslations('content');
  const levelName = (l: string) => (isBloomLevel(l) ? t(`list.bloom.${l}`) : l);
  const toast = useToast();
  const ids = useId();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [visibility, setVisibility] = useState('');
  const [tag, setTag] = useState('');
  const [sortBy, setSortBy] = useState<Sort>('updated');
  const [order, setOrder] = useState<'' | 'asc' | 'desc'>('');
  // the cursor each visited page starts at ('' = the first page) and the page shown
  const [cursors, setCursors] = useState<string[]>(['']);
  const [pageIndex, setPageIndex] = useState(0);
  const [nextCursor, setNextCursor] = useState<string | null>(initialNextCursor);
  const [items, setItems] = useState(initialItems);
  const [total, setTotal] = useState(initialTotal);
  const [allTags, setAllTags] = useState(initialTags);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [editingTags, setEditingTags] = useState<string | null>(null);
  const [tagDraft, setTagDraft] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const first = useRef(true);

  const load = useCallback(async () => {
    const q = new URLSearchParams({ sortBy, limit: String(pageSize) });
    const cursor = cursors[pageIndex];
    if (cursor) q.set('cursor', cursor);
    if (order) q.set('order', order);
    if (search.trim()) q.set('search', search.trim());
    if (type) q.set('type', type);
    if (visibility) q.set('visibility', visibility);
    if (tag) q.set('tag', tag);
    try {
      const r = await callApi<MyContentItem[]>('GET', `/h5p/content?${q}`);
      setItems(r.data);
      setTotal(r.total ?? 0);
      setNextCursor(typeof r.nextCursor === 'string' ? r.nextCursor : null);
      setError('');
    } catch (e) {
      setError(t('list.loadFailed', { message: (e as Error).message }));
    }
  }, [sortBy, order, cursors, pageIndex, search, type, visibility, tag, pageSize, t]);

  useEffect(() => {
    if (first.current) {
      // the server rendered the first page; later changes load again (debounced for typing)
      first.current = false;
      // scores still being computed in the background show up on the next load
      if (!initialItems.some((i) => !i.quality)) return;
      const t = setTimeout(() => void load(), 1500);
      return () => clearTimeout(t);
    }
    const t = setTimeout(() => void load(), 250);
    return () => clearTimeout(t);
  }, [load, initialItems]);

  // a changed filter starts at the first page and clears the selection
  const refilter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    firstPage();
    setSelected(new Set());
  };

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

  async function saveTags(item: MyContentItem) {
    const tags = tagDraft.split(',').map((tg) => tg.trim().toLowerCase()).filter(Boolean);
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

  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = pageIndex + 1;

  return (
    <div className={styles.root}>
      <form className={styles.filters} role="search" aria-label={t('list.findContent')} onSubmit={(e) => e.preventDefault()}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f1`}>{t('list.searchTitles')}</label>
          <input id={`${ids}-f1`} type="search" data-testid="content-search" value={search} maxLength={500} onChange={(e) => refilter(setSearch)(e.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f2`}>{t('list.type')}</label>
          <select id={`${ids}-f2`} data-testid="filter-type" value={type} onChange={(e) => refilter(setType)(e.target.value)}>
            <option value="">{t('list.allTypes')}</option>
            {types.map((ct) => (
              <option key={ct.machineName} value={ct.machineName}>{ct.slug}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f3`}>{t('list.visibility')}</label>
          <select id={`${ids}-f3`} data-testid="filter-visibility" value={visibility} onChange={(e) => refilter(setVisibility)(e.target.value)}>
            <option value="">{t('list.anyVisibility')}</option>
            <option value="private">{t('list.private')}</option>
            <option value="public">{t('list.public')}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f4`}>{t('list.tag')}</label>
          <select id={`${ids}-f4`} data-testid="filter-tag" value={tag} onChange={(e) => refilter(setTag)(e.target.value)}>
            <option value="">{t('list.anyTag')}</option>
            {allTags.map((tg) => (
              <option key={tg} value={tg}>{tg}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f5`}>{t('list.sortBy')}</label>
          <select id={`${ids}-f5`} data-testid="sort-by" value={sortBy} onChange={(e) => refilter(setSortBy)(e.target.value as Sort)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>{t(`list.sort.${s}`)}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f6`}>{t('list.order')}</label>
          <select id={`${ids}-f6`} data-testid="sort-order" value={order} onChange={(e) => refilter(setOrder)(e.target.value as '' | 'asc' | 'desc')}>
            <option value="">{t('list.orderDefault')}</option>
            <option value="asc">{t('list.orderAsc')}</option>
            <option value="desc">{t('list.orderDesc')}</option>
          </select>
        </div>
      </form>

      <div className={styles.bulk} role="group" aria-label={t('list.bulkActions')}>
        <label className={styles.check}>
          <input type="checkbox" data-testid="select-all" checked={allOnPage} onChange={toggleAll} disabled={!items.length} /> {t('list.selectAll')}
        </label>
        <span data-testid="selected-count" aria-live="polite">{t('list.selectedCount', { count: selected.size })}</span>
        <button type="button" className="small" data-testid="bulk-publish" disabled={!selected.size || busy} onClick={() => void bulk('publish')}>{t('list.publish')}</button>
        <button type="button" className="small" data-testid="bulk-unpublish" disabled={!selected.size || busy} onClick={() => void bulk('unpublish')}>{t('list.makePrivate')}</button>
        <button type="button" className="small" data-testid="bulk-delete" disabled={!selected.size || busy} onClick={() => setConfirmingDelete(true)}>{t('list.delete')}</button>
      </div>

      <ConfirmDialog
        testId="bulk-delete-dialog"
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('list.bulkDeleteTitle', { count: selected.size })}
        description={t('list.bulkDeleteDescription')}
        confirmLabel={t('list.bulkDeleteConfirm')}
        onConfirm={() => bulk('delete')}
      />

      <p role="status" aria-live="polite" data-testid="list-status" className={styles.status}>{status}</p>
      {error ? <p className="error" role="alert" data-testid="list-error">{error}</p> : null}

      <p className="muted" data-testid="content-total">{t('list.total', { count: total })}</p>
      {items.length === 0 ? (
        <p className="muted" data-testid="empty">{total === 0 && !search && !type && !visibility && !tag ? t('list.empty') : t('list.noMatch')}</p>
      ) : (
        <ul className={styles.list} data-testid="content-list">
          {items.map((c) => (
            <li key={c.id} className={styles.row} data-testid="content-row" data-content-id={c.id}>
              <div className={styles.head}>
                <input type="checkbox" aria-label={t('list.selectRow', { title: c.title })} data-testid="select-row" checked={selected.has(c.id)} onChange={() => toggle(c.id)} />
                {c.icon ? <img src={c.icon} alt="" width={28} height={28} className={styles.icon} data-testid="type-icon" /> : <span className={styles.iconPlaceholder} aria-hidden="true" />}
                <Link href={`/content/${encodeURIComponent(c.id)}`} className={styles.title}>{c.title}</Link>
              </div>
              <div className={styles.meta}>
                <span title={c.mainLibrary}>{c.contentTypeSlug}</span>
                <span>{t(`visibilityValue.${c.visibility}`)}</span>
                <span>{t('list.views')} <span data-testid="views">{c.viewCount}</span></span>
                <span data-testid="quality">
                  {c.quality
                    ? t('list.quality', { score: Math.round(c.quality.overallScore), level: levelName(c.bloomsLevel ?? c.quality.bloomsLevel) })
                    : t('list.qualityPending')}
                </span>
              </div>
              <div className={styles.tags}>
                {editingTags === c.id ? (
                  <form
                    className={styles.tagForm}
                    onSubmit={(e) => {
                      e.preventDefault();
                      void saveTags(c);
                    }}
                  >
                    <div className={styles.field}>
                      <label htmlFor={`${ids}-f7`}>{t('list.tagsLabel')}</label>
                      <input id={`${ids}-f7`} data-testid="tags-input" value={tagDraft} onChange={(e) => setTagDraft(e.target.value)} autoFocus />
                    </div>
                    <button type="submit" className="small" data-testid="tags-save">{t('list.saveTags')}</button>
                    <button type="button" className="small" onClick={() => setEditingTags(null)}>{t('cancel')}</button>
                  </form>
                ) : (
                  <>
                    <span data-testid="tags">{c.tags.length ? c.tags.map((tg) => <span key={tg} className={styles.tag}>{tg}</span>) : <span className="muted">{t('list.noTags')}</span>}</span>
                    <button
                      type="button"
                      className="link"
                      data-testid="edit-tags"
                      aria-label={t('list.editTagsOf', { title: c.title })}
                      onClick={() => {
                        setEditingTags(c.id);
                        setTagDraft(c.tags.join(', '));
                      }}
                    >
                      {t('list.editTags')}
                    </button>
                  </>
                )}
              </div>
              <div className={styles.actions}>
                <Link href={`/content/${encodeURIComponent(c.id)}/edit`}>{t('list.edit')}</Link>{' '}
                <button type="button" data-testid="duplicate" aria-label={t('list.duplicateOf', { title: c.title })} onClick={() => void duplicate(c)}>{t('list.duplicate')}</button>{' '}
                <ContentActions key={`${c.id}-${c.visibility}`} contentId={c.id} visibility={c.visibility} title={c.title} scormPlan={scormPlan} onDeleted={() => void load()} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <nav className={styles.pager} aria-label={t('list.pages')}>
        <button type="button" className="small" data-testid="page-prev" disabled={pageIndex === 0} onClick={() => setPageIndex(Math.max(0, pageIndex - 1))}>{t('list.previous')}</button>
        <span data-testid="page-info">{t('list.pageInfo', { page, pages })}</span>
        <button type="button" className="small" data-testid="page-next" disabled={!nextCursor} onClick={nextPage}>{t('list.next')}</button>
      </nav>
    </div>
  );
}
