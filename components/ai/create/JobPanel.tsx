'use client';
// A PDF or video generation of "Create with AI" while it runs as a job: its state every 1.5 s (done of total, the
// status in words, announced), a Cancel button, then the outcome with the new item's editor and view links. The
// item is saved as the user's private content by the job itself (no preview).
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { Square } from 'lucide-react';
import { Button, Card } from '@/components/ui';
import { aiStyles as styles, cx } from '../parts';
import { aiErrorText, creditsUsedUp, type SetCredits } from '../shared';
import { useAiJob } from '../useAiJob';
import { ACTIVE, type Job } from './api';

export function JobPanel({ initial, setCredits }: { initial: Job; setCredits: SetCredits }) {
  const t = useTranslations('ai');
  // each item made takes one credit; a job stopped by the limit used them all
  const { job: current, error, cancelling, active, cancel } = useAiJob({
    initial,
    onRead: (data) => {
      if (data.status === 'stopped_no_credits') setCredits(creditsUsedUp);
      else if (!ACTIVE.includes(data.status) && data.results.some((r) => r.contentId)) setCredits((c) => (c.limit === -1 ? c : { ...c, used: c.used + 1 }));
    },
  });
  const job = current ?? initial;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // the panel takes the focus when it appears (the form's button was pressed)
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // when it ends, the focus that was on Cancel (which goes away) moves to the outcome
  useEffect(() => {
    if (!active && (!document.activeElement || document.activeElement === document.body)) outcomeRef.current?.focus();
  }, [active]);

  const made = job.results.filter((r) => r.contentId);
  const failed = job.results.filter((r) => r.error);
  const total = Math.max(1, job.progress.total);
  const statusText = active
    ? cancelling
      ? t('job.cancelling')
      : job.status === 'queued'
        ? t('job.queued')
        : t('job.running')
    : job.status === 'completed'
      ? t('job.completed')
      : job.status === 'completed_with_errors'
        ? t('job.completedWithErrors')
        : job.status === 'stopped_no_credits'
          ? t('job.noCredits')
          : job.status === 'cancelled'
            ? t('job.cancelled')
            : t('job.failed');

  return (
    <Card className={styles.card} aria-labelledby="ai-job-title" data-testid="ai-job" aria-busy={active}>
      <h2 id="ai-job-title" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        {t('job.title')}
      </h2>
      <div role="status" aria-live="polite" data-testid="ai-job-status">
        <p id="ai-job-status-text" className={styles.busyText}>
          {statusText}
        </p>
        <p className={styles.credits} data-testid="ai-job-progress">
          {t('job.progress', { done: job.progress.done, total: job.progress.total })}
        </p>
      </div>
      <progress
        aria-label={t('job.progressLabel')}
        max={total}
        value={active && job.progress.done === 0 ? undefined : job.progress.done}
        className={cx(styles.meter, styles.busy)}
      />
      {error ? (
        <p className={cx('error', styles.error)} role="alert" data-testid="ai-error">
          {error}
        </p>
      ) : null}
      {active ? (
        <Button icon={Square} onClick={() => void cancel()} disabled={cancelling} data-testid="ai-job-cancel" className={styles.outcome}>
          {t('job.cancel')}
        </Button>
      ) : (
        <div ref={outcomeRef} tabIndex={-1} data-testid="ai-job-outcome" className={styles.outcome}>
          {job.status === 'failed' && job.detail ? <p className={cx('error', styles.error)}>{aiErrorText(t, job.detail)}</p> : null}
          {failed.map((r) => (
            <p key={r.index} className={cx('error', styles.error)}>
              {aiErrorText(t, r.error ?? '')}
            </p>
          ))}
          {job.status === 'stopped_no_credits' ? (
            <p>
              <Link href="/plans">{t('credits.plans')}</Link>
            </p>
          ) : null}
          {made.length ? (
            <ul className={styles.jobResults}>
              {made.map((r) => (
                <li key={r.index} data-testid="ai-job-result" className={styles.item}>
                  <strong>{r.title || t('job.untitled')}</strong>
                  <span className={styles.links}>
                    <Link href={`/content/${encodeURIComponent(r.contentId!)}/edit`} data-testid="ai-job-edit">
                      {t('job.open')}
                    </Link>
                    <Link href={`/content/${encodeURIComponent(r.contentId!)}`} data-testid="ai-job-view">
                      {t('job.view')}
                    </Link>
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Card>
  );
}
