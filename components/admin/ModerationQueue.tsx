'use client';
// The moderation queue's actions: hide the reported item (it leaves the marketplace at once) or review, dismiss the
// report, or restore what was hidden. The page reloads its list after each decision.
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { callApi } from '@/components/shared/api';
import styles from './ModerationQueue.module.css';

export function ModerationActions({ reportId, status, target }: { reportId: string; status: string; target: string }) {
  const t = useTranslations('admin.moderation');
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (action: 'hide' | 'dismiss' | 'restore') => {
    setBusy(action);
    try {
      await callApi('POST', `/api/admin/moderation/${reportId}`, { action });
      toast({ title: t(`done.${action}`, { target }) });
      router.refresh();
    } catch (err) {
      toast({ title: t('failed'), description: (err as Error).message, tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  if (status === 'hidden') {
    return (
      <Button size="sm" loading={busy === 'restore'} onClick={() => void act('restore')} data-testid="moderation-restore">
        {t('restore')}
      </Button>
    );
  }
  if (status !== 'open') return null;
  return (
    <span className={styles.actions}>
      <Button size="sm" variant="danger" loading={busy === 'hide'} onClick={() => void act('hide')} data-testid="moderation-hide">
        {t('hide')}
      </Button>
      <Button size="sm" variant="ghost" loading={busy === 'dismiss'} onClick={() => void act('dismiss')} data-testid="moderation-dismiss">
        {t('dismiss')}
      </Button>
    </span>
  );
}
