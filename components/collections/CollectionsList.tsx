'use client';
import { useEffect, useState } from 'react';
import { callApi } from '@/components/marketplace/client-api';

interface Collection {
  id: string;
  title: string;
  visibility: string;
  itemCount: number;
  subjectName: string | null;
  gradeName: string | null;
}

export function CollectionsList({ token }: { token: string }) {
  const [items, setItems] = useState<Collection[]>([]);
  const [total, setTotal] = useState(0);
  const [form, setForm] = useState({ title: '', frameworkCode: '', gradeCode: '', subjectCode: '', difficulty: '', language: '' });
  const [error, setError] = useState('');

  async function load() {
    try {
      const r = await callApi<Collection[]>(token, 'GET', '/api/collections?limit=50');
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
    for (const [k, v] of Object.entries(form)) if (v.trim()) body[k] = v.trim();
    try {
      const r = await callApi<{ id: string }>(token, 'POST', '/api/collections', body);
      window.location.href = `/collections/${r.data.id}`;
    } catch (err) {
      setError((err as Error).message);
    }
  }

  const field = (k: keyof typeof form, label: string) => (
    <label>
      {label}
      <input value={form[k]} onChange={(e) => setForm({ ...form, [k]: e.target.value })} data-testid={`new-${k}`} />
    </label>
  );

  return (
    <div>
      <form onSubmit={create} className="card" data-testid="create-collection">
        <h2>New collection</h2>
        {field('title', 'Title')}
        <div className="toolbar">
          {field('frameworkCode', 'Framework code')}
          {field('gradeCode', 'Grade code')}
          {field('subjectCode', 'Subject code')}
        </div>
        <label>
          Difficulty
          <select value={form.difficulty} onChange={(e) => setForm({ ...form, difficulty: e.target.value })}>
            <option value="">(any)</option>
            <option value="easy">easy</option>
            <option value="medium">medium</option>
            <option value="hard">hard</option>
          </select>
        </label>
        {field('language', 'Language')}
        <button className="primary" type="submit" disabled={!form.title.trim()}>Create collection</button>
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
