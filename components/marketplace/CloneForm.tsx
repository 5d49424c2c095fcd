'use client';
// The marketplace item page's clone: the copy's name (prefilled with the item's title), then a link to the copy.
import Link from 'next/link';
import { useState } from 'react';
import { callApi } from './client-api';

export function CloneForm({ contentId, title }: { contentId: string; title: string }) {
  const [name, setName] = useState(title);
  const [busy, setBusy] = useState(false);
  const [copyId, setCopyId] = useState<string | null>(null);
  const [error, setError] = useState('');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const r = await callApi<{ contentId: string }>('POST', `/api/marketplace/public-contents/${encodeURIComponent(contentId)}/clone`, { title: name.trim() });
      setCopyId(r.data.contentId);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="toolbar" data-testid="clone-form">
      <label htmlFor="clone-title">Name of your copy</label>
      <input id="clone-title" data-testid="clone-title" value={name} maxLength={255} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" data-testid="clone-submit" disabled={busy || !name.trim()}>
        {busy ? 'Cloning…' : 'Clone into my content'}
      </button>
      {copyId ? (
        <p role="status" data-testid="clone-done">
          Cloned. <Link href={`/content/${encodeURIComponent(copyId)}`}>Open your copy</Link>
        </p>
      ) : null}
      {error ? (
        <p className="error" role="alert" data-testid="clone-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
