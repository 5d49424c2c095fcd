'use client';
import { useEffect, useState } from 'react';
import { callApi } from '@/components/marketplace/client-api';
import { CurriculumFields, EMPTY_CURRICULUM, type CurriculumValue } from '@/components/curriculum/CurriculumFields';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';

interface Collection {
  id: string;
  title: string;
  visibility: string;
  itemCount: number;
  subjectName: string | null;
  gradeName: string | null;
}

export function CollectionsList({ curriculum }: { curriculum: CurriculumState }) {
  const [items, setItems] = useState<Collection[]>([]);
  const [total, setTotal] = useState(0);
  const [title, setTitle] = useState('');
  const [fields, setFields] = useState<CurriculumValue>(EMPTY_CURRICULUM);
  const [error, setError] = useState('');

  async function load() {
    try {
      const r = await callApi<Collection[]>('GET', '/api/collections?limit=50');
      setItems(r.data);
      setTotal(r.total ?? 0);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  useEffect(() => {
    void load();
  }, []);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    const body: Record<string, string> = {};
    for (const [k, v] of Object.entries({ title, ...fields })) if (v.trim()) body[k] = v.trim();
    try {
      const r = await callApi<{ id: string }>('POST', '/api/collections', body);
      window.location.href = `/collections/${r.data.id}`;
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <div>
      <form onSubmit={create} className="card" data-testid="create-collection">
        <h2>New collection</h2>
        <label htmlFor="new-title">Title</label>
        <input id="new-title" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="new-title" />
        <CurriculumFields value={fields} onChange={setFields} state={curriculum} />
        <button className="primary" type="submit" disabled={!title.trim()}>Create collection</button>
      </form>
      {error ? <p className="error">{error}</p> : null}
      <h2>My collections ({total})</h2>
      <ul className="items" data-testid="collections">
        {items.map((c) => (
          <li key={c.id} className="item">
            <a href={`/collections/${c.id}`}>{c.title}</a>
            <span className="muted">
              {c.itemCount} items · {c.visibility}
              {c.subjectName ? ` · ${c.subjectName}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
