'use client';
// The registered platforms with their figures (last launch, launches this month, grade passback), each with Edit,
// Remove (confirmed) and, when grades failed to go back, Retry.
import type { RefObject } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable } from '@/components/ui/DataTable';
import type { PlatformRow } from '@/lib/lti/platforms';
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
    <section className="card" aria-labelledby="lti-platforms-title" data-testid="lti-platforms">
      <h2 id="lti-platforms-title" ref={titleRef} tabIndex={-1}>
        {t('platforms.title')}
      </h2>
      <p role="status" aria-live="polite" data-testid="lti-platforms-status">
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
                <>
                  <span className={p.stats.passbackFailures ? 'error-text' : undefined}>{t('platforms.passbackFailed', { count: p.stats.passbackFailures })}</span>
                  {', '}
                  {t('platforms.passbackPending', { count: p.stats.passbackPending })}
                  {p.stats.passbackFailures ? (
                    <>
                      {' '}
                      <button
                        type="button"
                        className="small"
                        aria-label={t('platforms.retryLabel', { name: p.name })}
                        data-testid="lti-passback-retry"
                        onClick={() => void onRetry(p)}
                      >
                        {t('platforms.retry')}
                      </button>
                    </>
                  ) : null}
                </>
              ) : (
                <span className="muted">{t('platforms.passbackNone')}</span>
              ),
          },
          {
            header: t('platforms.actions'),
            cell: (p) => (
              <span className="inline-form" style={{ flexWrap: 'nowrap' }}>
                <button type="button" className="small" aria-label={t('platforms.editLabel', { name: p.name })} data-testid="lti-platform-edit" onClick={() => onEdit(p)}>
                  {t('platforms.edit')}
                </button>
                <ConfirmDialog
                  testId="lti-remove-dialog"
                  title={t('platforms.removeTitle', { name: p.name })}
                  description={t('platforms.removeDescription')}
                  confirmLabel={t('platforms.removeConfirm')}
                  onConfirm={() => onRemove(p)}
                  trigger={
                    <button type="button" className="small" aria-label={t('platforms.removeLabel', { name: p.name })} data-testid="lti-platform-remove">
                      {t('platforms.remove')}
                    </button>
                  }
                />
              </span>
            ),
          },
        ]}
      />
    </section>
  );
}
