'use client';
// A departing teacher's content (issue 27 item 1): an admin of the school moves all of one user's content and folders
// to another user of the same school (POST /api/admin/content/reassign), after a confirmation; audited.
import { ArrowRightLeft } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/components/shared/api';
import { Button, Card, Field } from '@/components/ui';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useToast } from '@/components/ui/Toaster';

export function ReassignContent() {
  const t = useTranslations('admin.reassign');
  const toast = useToast();
  const router = useRouter();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (from.trim() && to.trim()) setConfirming(true);
  };
  const reassign = async () => {
    try {
      const r = await callApi<{ items: number; folders: number }>('POST', '/api/admin/content/reassign', { fromEmail: from.trim(), toEmail: to.trim() });
      toast({ title: t('done', { items: r.data.items, folders: r.data.folders, to: to.trim() }), tone: 'success' });
      setFrom('');
      setTo('');
      router.refresh();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Card aria-labelledby="admin-reassign" data-testid="admin-reassign">
      <h2 id="admin-reassign">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <form onSubmit={submit} className="inline-form" noValidate>
        <Field label={t('from')} htmlFor="reassign-from">
          <input id="reassign-from" type="email" autoComplete="off" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="reassign-from" />
        </Field>
        <Field label={t('to')} htmlFor="reassign-to">
          <input id="reassign-to" type="email" autoComplete="off" value={to} onChange={(e) => setTo(e.target.value)} data-testid="reassign-to" />
        </Field>
        <Button type="submit" icon={ArrowRightLeft} disabled={!from.trim() || !to.trim()} data-testid="reassign-submit">
          {t('submit')}
        </Button>
      </form>
      {error ? (
        <p className="error" role="alert" data-testid="reassign-error">
          {error}
        </p>
      ) : null}
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} testId="reassign-dialog" title={t('confirmTitle')} description={t('confirm', { from: from.trim(), to: to.trim() })} confirmLabel={t('submit')} onConfirm={reassign} />
    </Card>
  );
}
