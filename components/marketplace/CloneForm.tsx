'use client';
// The marketplace item page's clone: the copy's name (prefilled with the item's title), then a link to the copy.
// The outcome is told twice: a toast, and the notice under the form that stays (with the link to the copy).
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useToast } from '@/components/ui/Toaster';
import { callApi } from '@/components/shared/api';

export function CloneForm({ contentId, title }: { contentId: string; title: string }) {
  const t = useTranslations('marketplace');
  const toast = useToast();
  const [name, setName] = useState(title);
  const [busy, setBusy] = useState(false);
  const [copyId, setCopyId] = useState<string | null>(null);
  const [error, setError] = useState('');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    const copyTitle = name.trim();
    try {
      const r = await callApi<{ contentId: string }>('POST', `/api/marketplace/public-contents/${encodeURIComponent(contentId)}/clone`, { title: copyTitle });
      setCopyId(r.data.contentId);
      toast({ title: t('toast.cloned', { title: copyTitle }), description: t('toast.clonedDescription') });
    } catch (err) {
      const message = (err as Error).message;
      setError(message);
      toast({ title: t('cloneForm.failed'), description: message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="toolbar" data-testid="clone-form">
      <label htmlFor="clone-title">{t('cloneForm.label')}</label>
      <input id="clone-title" data-testid="clone-title" value={name} maxLength={255} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" data-testid="clone-submit" disabled={busy || !name.trim()}>
        {busy ? t('cloneForm.busy') : t('cloneForm.submit')}
      </button>
      {copyId ? (
        <p role="status" data-testid="clone-done">
          {t.rich('cloneForm.done', {
            link: (chunks) => <Link href={`/content/${encodeURIComponent(copyId)}`}>{chunks}</Link>,
          })}
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
