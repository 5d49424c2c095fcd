'use client';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '@/components/marketplace/client-api';
import { BloomsChart, type BloomsAnalysisView } from './BloomsChart';

interface Item {
  id: string;
  contentId: string;
  position: number;
  title: string | null;
  contentTypeSlug: string;
  authorName: string | null;
  status: 'available' | 'unavailable' | 'restricted';
}
interface Suggestion {
  contentId: string;
  title: string;
  contentTypeSlug: string;
  bloomsLevel: string | null;
  fillsGap: boolean;
}
interface Detail {
  collection: { id: string; title: string; userId: string; visibility: string; itemCount: number };
  items: Item[];
}

export function CollectionEditor({ token, id, userId, myContents }: { token: string; id: string; userId: string; myContents: { id: string; title: string; mainLibrary: string }[] }) {
  const [detail, setDetail] = useState<Detail | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [analysis, setAnalysis] = useState<BloomsAnalysisView | null>(null);
  const [pick, setPick] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    try {
      const [d, s] = await Promise.all([
        callApi<Detail>(token, 'GET', `/api/collections/${id}`),
        callApi<{ matchingContents: Suggestion[]; bloomsAnalysis: BloomsAnalysisView }>(token, 'GET', `/api/collections/${id}/suggestions`),
      ]);
      setDetail(d.data);
      setSuggestions(s.data.matchingContents);
      setAnalysis(s.data.bloomsAnalysis);
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  }, [token, id]);
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
  const add = (contentId: string) => run(() => callApi(token, 'POST', `/api/collections/${id}/items`, { contentId }));
  const remove = (itemId: string) => run(() => callApi(token, 'DELETE', `/api/collections/${id}/items/${itemId}`));
  const moveTo = (itemId: string, position: number) => run(() => callApi(token, 'PATCH', `/api/collections/${id}/items/reorder`, { items: [{ id: itemId, position }] }));
  const toggleVisibility = () =>
    run(() => callApi(token, 'PATCH', `/api/collections/${id}`, { visibility: detail?.collection.visibility === 'public' ? 'private' : 'public' }));

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
                {it.position + 1}. <strong>{it.title ?? it.contentId}</strong> <span className="muted">· {it.contentTypeSlug}</span>
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
        <ul className="items" data-testid="suggestions">
          {suggestions.map((s) => (
            <li key={s.contentId} className="item" data-testid="suggestion">
              <span>
                <strong>{s.title}</strong> <span className="muted">· {s.contentTypeSlug} · {s.bloomsLevel ?? 'no level'}</span>
                {s.fillsGap ? <span className="plan-badge" style={{ marginLeft: 8 }}>fills a gap</span> : null}
              </span>
              {owner ? (
                <button type="button" className="small" onClick={() => add(s.contentId)}>
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
