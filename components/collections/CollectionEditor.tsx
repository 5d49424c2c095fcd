'use client';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '@/components/marketplace/client-api';
import { CurriculumFields, EMPTY_CURRICULUM, type CurriculumValue } from '@/components/curriculum/CurriculumFields';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { BloomsChart, type BloomsAnalysisView } from './BloomsChart';

interface Item {
  id: string;
  contentId: string | null;
  position: number;
  title: string | null;
  contentTypeSlug: string | null;
  authorName: string | null;
  status: 'available' | 'unavailable' | 'restricted';
}
interface Suggestion {
  contentId: string;
  title: string;
  contentTypeSlug: string;
  bloomsLevel: string | null;
  fillsGap: boolean;
  reason?: 'curriculum' | 'public' | 'gap';
}
interface SuggestionsView {
  matchingContents: Suggestion[];
  bloomsAnalysis: BloomsAnalysisView;
  fallback?: boolean;
}
type CollectionView = { id: string; title: string; userId: string; visibility: string; itemCount: number } & { [K in keyof CurriculumValue]: string | null };
interface Detail {
  collection: CollectionView;
  items: Item[];
}

const curriculumOf = (c: CollectionView): CurriculumValue => {
  const v = { ...EMPTY_CURRICULUM };
  for (const k of Object.keys(v) as (keyof CurriculumValue)[]) v[k] = c[k] ?? '';
  return v;
};

/** The owner's settings: title and curriculum fields (an emptied field is cleared). */
function SettingsForm({ collection, curriculum, onSave }: { collection: CollectionView; curriculum: CurriculumState; onSave: (body: object) => Promise<void> }) {
  const [title, setTitle] = useState(collection.title);
  const [fields, setFields] = useState<CurriculumValue>(() => curriculumOf(collection));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: Record<string, string | null> = { title: title.trim() };
    for (const [k, v] of Object.entries(fields)) body[k] = v.trim() ? v.trim() : null;
    void onSave(body);
  };
  return (
    <form onSubmit={submit} data-testid="edit-collection">
      <label htmlFor="edit-title">Title</label>
      <input id="edit-title" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="edit-title" />
      <CurriculumFields value={fields} onChange={setFields} state={curriculum} />
      <button type="submit" className="small" disabled={!title.trim()} data-testid="save-collection">
        Save settings
      </button>
    </form>
  );
}

export function CollectionEditor({
  id,
  userId,
  myContents,
  curriculum,
}: {
  id: string;
  userId: string;
  myContents: { id: string; title: string; mainLibrary: string }[];
  curriculum: CurriculumState;
}) {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [fallback, setFallback] = useState(false);
  const [editing, setEditing] = useState(false);
  const [analysis, setAnalysis] = useState<BloomsAnalysisView | null>(null);
  const [pick, setPick] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    try {
      const [d, s] = await Promise.all([
        callApi<Detail>('GET', `/api/collections/${id}`),
        callApi<SuggestionsView>('GET', `/api/collections/${id}/suggestions`),
      ]);
      setDetail(d.data);
      setSuggestions(s.data.matchingContents);
      setFallback(Boolean(s.data.fallback));
      setAnalysis(s.data.bloomsAnalysis);
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const owner = detail?.collection.userId === userId;
  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const add = (contentId: string) => run(() => callApi('POST', `/api/collections/${id}/items`, { contentId }));
  const remove = (itemId: string) => run(() => callApi('DELETE', `/api/collections/${id}/items/${itemId}`));
  const moveTo = (itemId: string, position: number) => run(() => callApi('PATCH', `/api/collections/${id}/items/reorder`, { items: [{ id: itemId, position }] }));
  const toggleVisibility = () =>
    run(() => callApi('PATCH', `/api/collections/${id}`, { visibility: detail?.collection.visibility === 'public' ? 'private' : 'public' }));

  const save = (body: object) =>
    run(async () => {
      await callApi('PATCH', `/api/collections/${id}`, body);
      setEditing(false);
    });
  const c = detail?.collection;
  const facts = c ? [c.frameworkName || c.frameworkCode, c.gradeName || c.gradeCode, c.subjectName || c.subjectCode, c.difficulty, c.language].filter(Boolean) : [];

  if (!detail) return <p className="muted">{error || 'Loading…'}</p>;
  const inCollection = new Set(detail.items.map((i) => i.contentId));
  return (
    <div>
      <h1 data-testid="collection-title">{detail.collection.title}</h1>
      <p className="muted">
        {detail.collection.itemCount} items · {detail.collection.visibility}{' '}
        {owner ? (
          <button type="button" className="small" onClick={toggleVisibility}>
            Make {detail.collection.visibility === 'public' ? 'private' : 'public'}
          </button>
        ) : null}
      </p>
      <p className="muted" data-testid="collection-curriculum">
        {facts.length ? facts.join(' · ') : 'No curriculum set'}{' '}
        {owner ? (
          <button type="button" className="small" aria-expanded={editing} onClick={() => setEditing(!editing)} data-testid="edit-settings">
            {editing ? 'Close settings' : 'Edit settings'}
          </button>
        ) : null}
      </p>
      {owner && editing ? (
        <section className="card" aria-label="Collection settings">
          <SettingsForm collection={detail.collection} curriculum={curriculum} onSave={save} />
        </section>
      ) : null}
      {error ? <p className="error">{error}</p> : null}

      <section className="card">
        <h2>Items</h2>
        {owner ? <p className="muted">Drag items to reorder them.</p> : null}
        <ul className="items" data-testid="items">
          {detail.items.map((it) => (
            <li
              key={it.id}
              className={`item${dragged === it.id ? ' dragging' : ''}`}
              data-testid="item"
              draggable={owner}
              onDragStart={() => setDragged(it.id)}
              onDragEnd={() => setDragged(null)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged && dragged !== it.id) void moveTo(dragged, it.position);
                setDragged(null);
              }}
            >
              <span>
                {it.position + 1}.{' '}
                {it.status === 'restricted' ? (
                  <strong className="muted">Private item (only its owner can see it)</strong>
                ) : (
                  <>
                    {it.status === 'available' && it.contentId ? (
                      <a href={`/content/${it.contentId}`} data-testid="item-open">
                        <strong>{it.title ?? it.contentId}</strong>
                      </a>
                    ) : (
                      <strong>{it.title ?? it.contentId ?? 'Removed item'}</strong>
                    )}
                    {it.contentTypeSlug ? <span className="muted"> · {it.contentTypeSlug}</span> : null}
                  </>
                )}
                {it.status !== 'available' ? <span className={`status-${it.status}`}> · {it.status}</span> : null}
              </span>
              {owner ? (
                <span className="toolbar" style={{ margin: 0 }}>
                  <button type="button" className="small" aria-label="Move up" disabled={it.position === 0} onClick={() => moveTo(it.id, it.position - 1)}>↑</button>
                  <button type="button" className="small" aria-label="Move down" disabled={it.position === detail.items.length - 1} onClick={() => moveTo(it.id, it.position + 1)}>↓</button>
                  <button type="button" className="small" onClick={() => remove(it.id)}>Remove</button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {owner ? (
          <div className="toolbar">
            <select aria-label="My content" value={pick} onChange={(e) => setPick(e.target.value)} data-testid="my-content">
              <option value="">Add from my content…</option>
              {myContents.filter((c) => !inCollection.has(c.id)).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title} ({c.mainLibrary})
                </option>
              ))}
            </select>
            <button type="button" className="small" disabled={!pick} onClick={() => { void add(pick); setPick(''); }} data-testid="add-mine">
              Add
            </button>
          </div>
        ) : null}
      </section>

      <section className="card">
        <h2>Bloom&apos;s analysis</h2>
        {analysis ? <BloomsChart analysis={analysis} /> : null}
      </section>

      <section className="card">
        <h2>Suggestions</h2>
        {suggestions.length === 0 ? <p className="muted">No matching public content.</p> : null}
        {fallback && suggestions.length ? (
          <p className="muted" data-testid="suggestions-fallback">
            Nothing public matches this collection&apos;s curriculum yet; these public items fill its Bloom&apos;s gaps.
          </p>
        ) : null}
        <ul className="items" data-testid="suggestions">
          {suggestions.map((s) => (
            <li key={s.contentId} className="item" data-testid="suggestion">
              <span>
                <a href={`/content/${s.contentId}`}>
                  <strong>{s.title}</strong>
                </a>{' '}
                <span className="muted">· {s.contentTypeSlug} · {s.bloomsLevel ?? 'no level'}</span>
                {s.fillsGap ? <span className="plan-badge" style={{ marginLeft: 8 }}>fills a gap</span> : null}
              </span>
              {owner ? (
                <button type="button" className="small" aria-label={`Add ${s.title}`} onClick={() => add(s.contentId)}>
                  Add
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
