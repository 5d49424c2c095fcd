'use client';
// A PDF or video generation of "Create with AI" while it runs as a job: its state every 1.5 s (done of total, the
// status in words, announced), a Cancel button, then the outcome with the new item's editor and view links. The
// item is saved as the user's private content by the job itself (no preview).
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
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
    <section className="card" aria-labelledby="ai-job-title" data-testid="ai-job" aria-busy={active}>
      <h2 id="ai-job-title" ref={headingRef} tabIndex={-1} style={{ marginTop: 0 }}>
        {t('job.title')}
      </h2>
      <div role="status" aria-live="polite" data-testid="ai-job-status">
        <p id="ai-job-status-text" style={{ margin: '0 0 0.35rem', fontWeight: 600 }}>
          {statusText}
        </p>
        <p className="muted" data-testid="ai-job-progress" style={{ margin: '0 0 0.35rem' }}>
          {t('job.progress', { done: job.progress.done, total: job.progress.total })}
        </p>
      </div>
      <progress aria-label={t('job.progressLabel')} max={total} value={active && job.progress.done === 0 ? undefined : job.progress.done} style={{ width: '100%' }} />
      {error ? (
        <p className="error" role="alert" data-testid="ai-error" style={{ overflowWrap: 'anywhere' }}>
          {error}
        </p>
      ) : null}
      {active ? (
        <button type="button" className="secondary" onClick={() => void cancel()} disabled={cancelling} data-testid="ai-job-cancel" style={{ width: 'auto', marginTop: '0.75rem' }}>
          {t('job.cancel')}
        </button>
      ) : (
        <div ref={outcomeRef} tabIndex={-1} data-testid="ai-job-outcome" style={{ marginTop: '0.75rem' }}>
          {job.status === 'failed' && job.detail ? (
            <p className="error" style={{ overflowWrap: 'anywhere' }}>
              {aiErrorText(t, job.detail)}
            </p>
          ) : null}
          {failed.map((r) => (
            <p key={r.index} className="error" style={{ overflowWrap: 'anywhere' }}>
              {aiErrorText(t, r.error ?? '')}
            </p>
          ))}
          {job.status === 'stopped_no_credits' ? (
            <p>
              <Link href="/plans">{t('credits.plans')}</Link>
            </p>
          ) : null}
          {made.length ? (
            <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.5rem' }}>
              {made.map((r) => (
                <li key={r.index} data-testid="ai-job-result" style={{ overflowWrap: 'anywhere' }}>
                  <strong>{r.title || t('job.untitled')}</strong>
                  <span className="inline-form" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem', marginTop: '0.25rem' }}>
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
    </section>
  );
}
