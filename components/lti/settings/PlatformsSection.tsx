'use client';
// The registered platforms with their figures (last launch, launches this month, grade passback), each with Edit,
// Remove (confirmed) and, when grades failed to go back, Retry.
import type { RefObject } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Pencil, RotateCw, Server, Trash2 } from 'lucide-react';
import { Badge, Button, Card, ConfirmDialog, DataTable } from '@/components/ui';
import type { PlatformRow } from '@/lib/lti/platforms';
import styles from '../lti.module.css';
import { useWhen } from './useWhen';

export function PlatformsSection({
  platforms,
  status,
  error,
  titleRef,
  onEdit,
  onRemove,
  onRetry,
}: {
  platforms: PlatformRow[];
  /** the list's status line (announced) */
  status: string;
  error: string | null;
  titleRef: RefObject<HTMLHeadingElement | null>;
  onEdit: (p: PlatformRow) => void;
  onRemove: (p: PlatformRow) => Promise<void>;
  onRetry: (p: PlatformRow) => Promise<void>;
}) {
  const t = useTranslations('lti');
  const format = useFormatter();
  const when = useWhen();
  return (
    <Card className={styles.card} aria-labelledby="lti-platforms-title" data-testid="lti-platforms">
      <h2 id="lti-platforms-title" ref={titleRef} tabIndex={-1} className={styles.cardTitle}>
        <Server aria-hidden size={20} />
        {t('platforms.title')}
      </h2>
      <p role="status" aria-live="polite" data-testid="lti-platforms-status" className={styles.status}>
        {status}
      </p>
      {error ? (
        <p className="error" role="alert" data-testid="lti-platforms-error">
          {error}
        </p>
      ) : null}
      <DataTable
        testId="lti-platforms-table"
        rowTestId="lti-platform-row"
        rows={platforms}
        rowKey={(p) => p.id}
        empty={t('platforms.empty')}
        columns={[
          { header: t('platforms.name'), cell: (p) => p.name },
          { header: t('platforms.issuer'), cell: (p) => p.issuer },
          { header: t('platforms.clientId'), cell: (p) => p.clientId },
          { header: t('platforms.lastLaunch'), cell: (p) => when(p.stats.lastLaunchAt) },
          { header: t('platforms.launches'), cell: (p) => format.number(p.stats.launchesThisMonth) },
          {
            header: t('platforms.passback'),
            cell: (p) =>
              p.stats.passbackFailures || p.stats.passbackPending ? (
                <span className={styles.passback}>
                  <Badge tone={p.stats.passbackFailures ? 'danger' : 'neutral'}>{t('platforms.passbackFailed', { count: p.stats.passbackFailures })}</Badge>
                  <span className="sr-only">, </span>
                  <Badge tone={p.stats.passbackPending ? 'warning' : 'neutral'}>{t('platforms.passbackPending', { count: p.stats.passbackPending })}</Badge>
                  {p.stats.passbackFailures ? (
                    <Button
                      size="sm"
                      icon={RotateCw}
                      aria-label={t('platforms.retryLabel', { name: p.name })}
                      data-testid="lti-passback-retry"
                      onClick={() => void onRetry(p)}
                    >
                      {t('platforms.retry')}
                    </Button>
                  ) : null}
                </span>
              ) : (
                <span className="muted">{t('platforms.passbackNone')}</span>
              ),
          },
          {
            header: t('platforms.actions'),
            cell: (p) => (
              <span className={styles.rowActions}>
                <Button size="sm" icon={Pencil} aria-label={t('platforms.editLabel', { name: p.name })} data-testid="lti-platform-edit" onClick={() => onEdit(p)}>
                  {t('platforms.edit')}
                </Button>
                <ConfirmDialog
                  testId="lti-remove-dialog"
                  title={t('platforms.removeTitle', { name: p.name })}
                  description={t('platforms.removeDescription')}
                  confirmLabel={t('platforms.removeConfirm')}
                  onConfirm={() => onRemove(p)}
                  trigger={
                    <Button size="sm" icon={Trash2} aria-label={t('platforms.removeLabel', { name: p.name })} data-testid="lti-platform-remove">
                      {t('platforms.remove')}
                    </Button>
                  }
                />
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
