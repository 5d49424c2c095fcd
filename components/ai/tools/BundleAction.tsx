'use client';
// The collection page's lesson bundle (POST /api/ai/jobs/lesson-bundle): a job that writes 3 to 6 items for one
// objective into a NEW collection; its state is read until it ends (useAiJob), and it can be stopped. One AI
// credit per item made.
import Link from 'next/link';
import { useMemo, useRef, useState, type FormEvent, useEffect } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { ActionSection, ErrorLine, FIELD_LABEL, GROW, ROW, RunButton, Upgrade } from '../parts';
import { aiErrorText, creditsUsedUp, type AiCredits, type AiToolGate, type SetCredits } from '../shared';
import { useAiJob } from '../useAiJob';
import type { Job } from '../create/api';

/** the content languages offered for a bundle (any BCP 47 code works with the API) */
const LANGUAGES = ['ar', 'cs', 'da', 'de', 'el', 'en', 'es', 'fi', 'fr', 'he', 'hi', 'it', 'ja', 'ko', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ru', 'sv', 'tr', 'uk', 'zh'];
const COUNTS = [3, 4, 5, 6];
const SMALL_FIELD = { flex: '0 1 10rem', minWidth: 0 } as const;

export function BundleAction({ gate, credits, noCredits, setCredits }: { gate: AiToolGate; credits: AiCredits; noCredits: boolean; setCredits: SetCredits }) {
  const t = useTranslations('ai');
  const locale = useLocale();
  const [objective, setObjective] = useState('');
  const [count, setCount] = useState(4);
  const [language, setLanguage] = useState<string>(LANGUAGES.includes(locale) ? locale : 'en');
  /** the credits when the job started: each item made takes one */
  const usedAtStart = useRef(0);
  const bundle = useAiJob({
    onRead: (data) => {
      const made = data.results.filter((r) => r.contentId).length;
      setCredits((c) => (c.limit === -1 ? c : { ...c, used: Math.max(c.used, usedAtStart.current + made) }));
      if (data.status === 'stopped_no_credits') setCredits(creditsUsedUp);
    },
  });
  const { job, active, ended, starting, cancelling: stopping, error } = bundle;
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const languages = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
    const codes = LANGUAGES.includes(locale) ? LANGUAGES : [...LANGUAGES, locale];
    return codes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);

  const onBundle = async (e: FormEvent) => {
    e.preventDefault();
    if (starting || active || noCredits) return;
    const goal = objective.trim();
    if (!goal) {
      bundle.setError(t('collection.bundle.objectiveRequired'));
      document.getElementById('ai-bundle-objective')?.focus();
      return;
    }
    const used = credits.used;
    const started = await bundle.start(() => callApi<Job>('POST', '/api/ai/jobs/lesson-bundle', { objective: goal, count, language }), setCredits);
    if (started) usedAtStart.current = used;
  };

  // when it ends, the focus that was on the Stop button (which goes away, leaving it on the page's body) moves to the outcome
  useEffect(() => {
    if (ended && (!document.activeElement || document.activeElement === document.body)) outcomeRef.current?.focus();
  }, [ended]);

  const progress = job?.progress ?? { done: 0, total: count };
  return (
    <ActionSection name="ai-bundle" title={t('collection.bundle.title')} help={t('collection.bundle.help')}>
      {gate.allowed ? (
        <form onSubmit={(e) => void onBundle(e)} noValidate>
          <label htmlFor="ai-bundle-objective" style={FIELD_LABEL}>
            {t('collection.bundle.objective')}
          </label>
          <input
            id="ai-bundle-objective"
            data-testid="ai-bundle-objective"
            value={objective}
            onChange={(e) => setObjective(e.target.value)}
            maxLength={500}
            required
            autoComplete="off"
            aria-describedby={`ai-bundle-objective-hint${error ? ' ai-bundle-error' : ''}`}
            aria-invalid={error && !objective.trim() ? true : undefined}
          />
          <small id="ai-bundle-objective-hint" className="muted">
            {t('collection.bundle.objectiveHint')}
          </small>
          <div style={ROW}>
            <div style={SMALL_FIELD}>
              <label htmlFor="ai-bundle-count" style={FIELD_LABEL}>
                {t('collection.bundle.count')}
              </label>
              <select id="ai-bundle-count" data-testid="ai-bundle-count" value={count} onChange={(e) => setCount(Number(e.target.value))} style={{ width: '100%' }}>
                {COUNTS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <div style={GROW}>
              <label htmlFor="ai-bundle-language" style={FIELD_LABEL}>
                {t('form.language')}
              </label>
              <select id="ai-bundle-language" data-testid="ai-bundle-language" value={language} onChange={(e) => setLanguage(e.target.value)} style={{ width: '100%' }}>
                {languages.map((l) => (
                  <option key={l.code} value={l.code} suppressHydrationWarning>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            <div style={{ marginTop: '0.75rem' }}>
              <RunButton describedBy="ai-collection-credits" testId="ai-bundle-run" blocked={noCredits} busy={starting || active}>
                {t('collection.bundle.run')}
              </RunButton>
            </div>
          </div>
        </form>
      ) : (
        <Upgrade plan={gate.plan} />
      )}
      <div role="status" aria-live="polite">
        {starting ? <p style={{ margin: '0.75rem 0 0', fontWeight: 600 }}>{t('collection.bundle.starting')}</p> : null}
        {job ? (
          <div data-testid="ai-bundle-job" style={{ marginTop: '0.75rem' }}>
            <p style={{ margin: '0 0 0.35rem', fontWeight: 600 }}>{active ? (stopping ? t('collection.bundle.stopping') : t('collection.bundle.running')) : null}</p>
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem 0.75rem' }}>
              <progress
                value={progress.done}
                max={Math.max(progress.total, 1)}
                aria-label={t('collection.bundle.progressLabel')}
                style={{ flex: '1 1 10rem', maxWidth: '20rem' }}
              />
              <span data-testid="ai-bundle-progress">{t('collection.bundle.progress', { done: progress.done, total: progress.total })}</span>
            </div>
          </div>
        ) : null}
      </div>
      {job && active ? (
        <button
          type="button"
          className="small"
          data-testid="ai-bundle-stop"
          aria-disabled={stopping ? true : undefined}
          onClick={() => void bundle.cancel()}
          style={{ width: 'auto', margin: '0.5rem 0 0' }}
        >
          {t('collection.bundle.stop')}
        </button>
      ) : null}
      {job && job.results.length ? (
        <ol style={{ paddingLeft: '1.4rem', margin: '0.5rem 0 0', display: 'grid', gap: '0.35rem' }}>
          {[...job.results]
            .sort((a, b) => a.index - b.index)
            .map((r) => (
              <li key={r.index} data-testid="ai-bundle-result" style={{ overflowWrap: 'anywhere' }}>
                {r.contentId ? (
                  <Link href={`/content/${encodeURIComponent(r.contentId)}/edit`}>{r.title ?? r.contentId}</Link>
                ) : (
                  <span className="error" style={{ margin: 0 }}>
                    {t('collection.bundle.itemFailed', { error: r.error ? aiErrorText(t, r.error) : '' })}
                  </span>
                )}
              </li>
            ))}
        </ol>
      ) : null}
      {job && ended ? (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          className={job.status === 'stopped_no_credits' || !job.output ? 'notice' : 'notice notice-success'}
          data-testid="ai-bundle-outcome"
          style={{ margin: '0.75rem 0 0', overflowWrap: 'anywhere' }}
        >
          {job.status === 'stopped_no_credits' ? (
            <>
              {t('collection.bundle.noCredits')} <Link href="/plans">{t('credits.plans')}</Link>
              {job.output ? ' ' : null}
            </>
          ) : job.status === 'cancelled' ? (
            <>{t('collection.bundle.cancelled')} </>
          ) : job.status === 'completed_with_errors' ? (
            <>{t('collection.bundle.partly')} </>
          ) : job.output ? (
            <>{t('collection.bundle.done', { title: job.output.title, count: job.results.filter((r) => r.contentId).length })} </>
          ) : (
            <>{job.detail ?? t('collection.bundle.nothing')}</>
          )}
          {job.output ? (
            <Link href={`/collections/${encodeURIComponent(job.output.collectionId)}`} data-testid="ai-bundle-open">
              {t('collection.bundle.open')}
            </Link>
          ) : null}
        </p>
      ) : null}
      <ErrorLine testId="ai-collection-error" id="ai-bundle-error" text={error} />
    </ActionSection>
  );
}
