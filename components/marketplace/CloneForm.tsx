'use client';
// The marketplace item page's clone: the copy's name (prefilled with the item's title), then a link to the copy.
// The outcome is told twice: a toast, and the notice under the form that stays (with the link to the copy). At the
// month's quota the form is disabled before any click, with the reason and the plan that allows more (QuotaReason).
import { Copy } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, Field } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { ApiCallError, callApi } from '@/components/shared/api';
import { QuotaReason, type QuotaReasonProps } from '@/components/plans/QuotaReason';
import styles from './CloneForm.module.css';

export function CloneForm({ contentId, title, allowance }: { contentId: string; title: string; allowance?: QuotaReasonProps | null }) {
  const t = useTranslations('marketplace');
  const toast = useToast();
  const [name, setName] = useState(title);
  const [busy, setBusy] = useState(false);
  const [copyId, setCopyId] = useState<string | null>(null);
  const [error, setError] = useState('');
  // a refusal at the quota (used up in another tab since the page loaded) turns the form into the reason
  const [refused, setRefused] = useState<QuotaReasonProps | null>(null);
  const blocked = refused ?? (allowance && !allowance.allowed ? allowance : null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (blocked) return;
    setBusy(true);
    setError('');
    const copyTitle = name.trim();
    try {
      const r = await callApi<{ contentId: string }>('POST', `/api/marketplace/public-contents/${encodeURIComponent(contentId)}/clone`, { title: copyTitle });
      setCopyId(r.data.contentId);
      toast({ title: t('toast.cloned', { title: copyTitle }), description: t('toast.clonedDescription') });
    } catch (err) {
      const message = (err as Error).message;
      if (err instanceof ApiCallError && err.status === 403) setRefused({ allowed: false, reason: message, upgradePlan: allowance?.upgradePlan });
      setError(message);
      toast({ title: t('cloneForm.failed'), description: message, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className={styles.form} data-testid="clone-form" aria-describedby={blocked ? 'clone-form-reason' : undefined}>
      <Field label={t('cloneForm.label')} htmlFor="clone-title">
        <input id="clone-title" data-testid="clone-title" value={name} maxLength={255} required disabled={Boolean(blocked)} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Button
        type="submit"
        variant="primary"
        icon={Copy}
        data-testid="clone-submit"
        loading={busy}
        disabled={busy || !name.trim() || Boolean(blocked)}
        aria-describedby={blocked ? 'clone-form-reason' : undefined}
      >
        {busy ? t('cloneForm.busy') : t('cloneForm.submit')}
      </Button>
      {blocked ? <QuotaReason {...blocked} id="clone-form-reason" testId="clone-quota-reason" /> : null}
      {copyId ? (
        <p role="status" className={styles.done} data-testid="clone-done">
          {t.rich('cloneForm.done', {
            link: (chunks) => <Link href={`/content/${encodeURIComponent(copyId)}`}>{chunks}</Link>,
          })}
        </p>
      ) : null}
      {error && !blocked ? (
        <p className="error" role="alert" data-testid="clone-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
