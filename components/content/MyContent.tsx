'use client';
// My content: the caller's content searched, filtered, sorted and paged on the server (GET /h5p/content), with
// tag editing, duplicate, and bulk publish / unpublish / delete (confirmed in a dialog). Every call goes through
// callApi with the session cookie; the browser never holds a token.
import Link from 'next/link';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { callApi } from '@/components/marketplace/client-api';
import { ContentActions } from './ContentActions';
import styles from './MyContent.module.css';

export interface MyContentItem {
  id: string;
  title: string;
  mainLibrary: string;
  contentTypeSlug: string;
  icon: string | null;
  visibility: 'private' | 'public';
  viewCount: number;
  quality: { overallScore: number; bloomsLevel: string } | null;
  tags: string[];
  updatedAt: string;
}

type Sort = 'updated' | 'created' | 'title' | 'views' | 'quality';
const SORTS: { value: Sort; label: string }[] = [
  { value: 'updated', label: 'Last updated' },
  { value: 'created', label: 'Created' },
  { value: 'title', label: 'Title' },
  { value: 'views', label: 'Views' },
  { value: 'quality', label: 'Quality' },
];

interface Props {
  initialItems: MyContentItem[];
  initialTotal: number;
  types: { machineName: string; slug: string }[];
  initialTags: string[];
  pageSize: number;
  /** the plan that unlocks SCORM export, when the caller's plan lacks it */
  scormPlan?: string | null;
}

export function MyContent({ initialItems, initialTotal, types, initialTags, pageSize, scormPlan }: Props) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [visibility, setVisibility] = useState('');
  const [tag, setTag] = useState('');
  const [sortBy, setSortBy] = useState<Sort>('updated');
  const [order, setOrder] = useState<'' | 'asc' | 'desc'>('');
  const [offset, setOffset] = useState(0);
  const [items, setItems] = useState(initialItems);
  const [total, setTotal] = useState(initialTotal);
  const [allTags, setAllTags] = useState(initialTags);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [editingTags, setEditingTags] = useState<string | null>(null);
  const [tagDraft, setTagDraft] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef(true);

  const load = useCallback(async () => {
    const q = new URLSearchParams({ sortBy, offset: String(offset), limit: String(pageSize) });
    if (order) q.set('order', order);
    if (search.trim()) q.set('search', search.trim());
    if (type) q.set('type', type);
    if (visibility) q.set('visibility', visibility);
    if (tag) q.set('tag', tag);
    try {
      const r = await callApi<MyContentItem[]>('GET', `/h5p/content?${q}`);
      setItems(r.data);
      setTotal(r.total ?? 0);
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  }, [sortBy, order, offset, search, type, visibility, tag, pageSize]);

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
    setOffset(0);
    setSelected(new Set());
  };

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
      const verb = action === 'delete' ? 'Deleted' : action === 'publish' ? 'Published' : 'Made private';
      setStatus(`${verb} ${done} of ${r.data.results.length}.${failed.length ? ` Not changed: ${failed.map((f) => `${f.contentId} (${f.error ?? 'failed'})`).join(', ')}` : ''}`);
      setSelected(new Set(failed.map((f) => f.contentId)));
      await load();
    } catch (e) {
      setStatus(`Bulk action failed: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  async function duplicate(item: MyContentItem) {
    setStatus('');
    try {
      await callApi<{ contentId: string }>('POST', `/h5p/content/${encodeURIComponent(item.id)}/duplicate`);
      setStatus(`Duplicated “${item.title}”.`);
      setOffset(0);
      await load();
    } catch (e) {
      setStatus(`Duplicate failed: ${(e as Error).message}`);
    }
  }

  async function saveTags(item: MyContentItem) {
    const tags = tagDraft.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
    try {
      const r = await callApi<{ tags: string[] }>('PUT', `/h5p/content/${encodeURIComponent(item.id)}/tags`, { tags });
      setItems((xs) => xs.map((x) => (x.id === item.id ? { ...x, tags: r.data.tags } : x)));
      setAllTags((ts) => [...new Set([...ts, ...r.data.tags])].sort());
      setEditingTags(null);
      setStatus(`Tags of “${item.title}” saved.`);
    } catch (e) {
      setStatus(`Tags not saved: ${(e as Error).message}`);
    }
  }

  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.floor(offset / pageSize) + 1;

  return (
    <div className={styles.root}>
      <form className={styles.filters} role="search" aria-label="Find content" onSubmit={(e) => e.preventDefault()}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f1`}>Search titles</label>
          <input id={`${ids}-f1`} type="search" data-testid="content-search" value={search} maxLength={500} onChange={(e) => refilter(setSearch)(e.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f2`}>Type</label>
          <select id={`${ids}-f2`} data-testid="filter-type" value={type} onChange={(e) => refilter(setType)(e.target.value)}>
            <option value="">All types</option>
            {types.map((t) => (
              <option key={t.machineName} value={t.machineName}>{t.slug}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f3`}>Visibility</label>
          <select id={`${ids}-f3`} data-testid="filter-visibility" value={visibility} onChange={(e) => refilter(setVisibility)(e.target.value)}>
            <option value="">Any</option>
            <option value="private">Private</option>
            <option value="public">Public</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f4`}>Tag</label>
          <select id={`${ids}-f4`} data-testid="filter-tag" value={tag} onChange={(e) => refilter(setTag)(e.target.value)}>
            <option value="">Any tag</option>
            {allTags.map((t) => (
              <option key={t} value={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f5`}>Sort by</label>
          <select id={`${ids}-f5`} data-testid="sort-by" value={sortBy} onChange={(e) => refilter(setSortBy)(e.target.value as Sort)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>{s.label}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-f6`}>Order</label>
          <select id={`${ids}-f6`} data-testid="sort-order" value={order} onChange={(e) => refilter(setOrder)(e.target.value as '' | 'asc' | 'desc')}>
            <option value="">Default</option>
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </div>
      </form>

      <div className={styles.bulk} role="group" aria-label="Bulk actions">
        <label className={styles.check}>
          <input type="checkbox" data-testid="select-all" checked={allOnPage} onChange={toggleAll} disabled={!items.length} /> Select all on this page
        </label>
        <span data-testid="selected-count" aria-live="polite">{selected.size} selected</span>
        <button type="button" className="small" data-testid="bulk-publish" disabled={!selected.size || busy} onClick={() => void bulk('publish')}>Publish</button>
        <button type="button" className="small" data-testid="bulk-unpublish" disabled={!selected.size || busy} onClick={() => void bulk('unpublish')}>Make private</button>
        <button type="button" className="small" data-testid="bulk-delete" disabled={!selected.size || busy} onClick={() => dialog.current?.showModal()}>Delete</button>
      </div>

      <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${ids}-confirm`} data-testid="bulk-delete-dialog">
        <p id={`${ids}-confirm`}>Delete {selected.size} selected item{selected.size === 1 ? '' : 's'} for good? This cannot be undone.</p>
        <form method="dialog" className={styles.dialogActions}>
          <button type="submit" className="small" data-testid="bulk-delete-cancel" autoFocus>Cancel</button>
          <button type="button" className="small" data-testid="bulk-delete-confirm" onClick={() => { dialog.current?.close(); void bulk('delete'); }}>Yes, delete</button>
        </form>
      </dialog>

      <p role="status" aria-live="polite" data-testid="list-status" className={styles.status}>{status}</p>
      {error ? <p className="error" role="alert" data-testid="list-error">{error}</p> : null}

      <p className="muted" data-testid="content-total">{total} item{total === 1 ? '' : 's'}</p>
      {items.length === 0 ? (
        <p className="muted" data-testid="empty">{total === 0 && !search && !type && !visibility && !tag ? 'No content yet.' : 'Nothing matches these filters.'}</p>
      ) : (
        <ul className={styles.list} data-testid="content-list">
          {items.map((c) => (
            <li key={c.id} className={styles.row} data-testid="content-row" data-content-id={c.id}>
              <div className={styles.head}>
                <input type="checkbox" aria-label={`Select ${c.title}`} data-testid="select-row" checked={selected.has(c.id)} onChange={() => toggle(c.id)} />
                {c.icon ? <img src={c.icon} alt="" width={28} height={28} className={styles.icon} data-testid="type-icon" /> : <span className={styles.iconPlaceholder} aria-hidden="true" />}
                <Link href={`/content/${encodeURIComponent(c.id)}`} className={styles.title}>{c.title}</Link>
              </div>
              <div className={styles.meta}>
                <span title={c.mainLibrary}>{c.contentTypeSlug}</span>
                <span>{c.visibility}</span>
                <span>Views: <span data-testid="views">{c.viewCount}</span></span>
                <span data-testid="quality">Quality: {c.quality ? `${Math.round(c.quality.overallScore)} (${c.quality.bloomsLevel})` : 'scoring…'}</span>
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
                      <label htmlFor={`${ids}-f7`}>Tags (comma separated)</label>
                      <input id={`${ids}-f7`} data-testid="tags-input" value={tagDraft} onChange={(e) => setTagDraft(e.target.value)} autoFocus />
                    </div>
                    <button type="submit" className="small" data-testid="tags-save">Save tags</button>
                    <button type="button" className="small" onClick={() => setEditingTags(null)}>Cancel</button>
                  </form>
                ) : (
                  <>
                    <span data-testid="tags">{c.tags.length ? c.tags.map((t) => <span key={t} className={styles.tag}>{t}</span>) : <span className="muted">No tags</span>}</span>
                    <button
                      type="button"
                      className="link"
                      data-testid="edit-tags"
                      aria-label={`Edit tags of ${c.title}`}
                      onClick={() => {
                        setEditingTags(c.id);
                        setTagDraft(c.tags.join(', '));
                      }}
                    >
                      Edit tags
                    </button>
                  </>
                )}
              </div>
              <div className={styles.actions}>
                <Link href={`/content/${encodeURIComponent(c.id)}/edit`}>Edit</Link>{' '}
                <button type="button" data-testid="duplicate" aria-label={`Duplicate ${c.title}`} onClick={() => void duplicate(c)}>Duplicate</button>{' '}
                <ContentActions key={`${c.id}-${c.visibility}`} contentId={c.id} visibility={c.visibility} title={c.title} scormPlan={scormPlan} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <nav className={styles.pager} aria-label="Pages">
        <button type="button" className="small" data-testid="page-prev" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - pageSize))}>Previous</button>
        <span data-testid="page-info">Page {page} of {pages}</span>
        <button type="button" className="small" data-testid="page-next" disabled={offset + pageSize >= total} onClick={() => setOffset(offset + pageSize)}>Next</button>
      </nav>
    </div>
  );
}
