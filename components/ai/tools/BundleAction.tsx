'use client';
// The collection page's lesson bundle (POST /api/ai/jobs/lesson-bundle): a job that writes 3 to 6 items for one
// objective into a NEW collection; its state is read until it ends (useAiJob), and it can be stopped. One AI
// credit per item made.
import Link from 'next/link';
import { useMemo, useRef, useState, type FormEvent, useEffect } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { Square } from 'lucide-react';
import { Button, Field } from '@/components/ui';
import { ActionSection, ErrorLine, RunButton, Upgrade, aiStyles as styles, cx } from '../parts';
import { aiErrorText, creditsUsedUp, type AiCredits, type AiToolGate, type SetCredits } from '../shared';
import { useAiJob } from '../useAiJob';
import type { Job } from '../create/api';

/** the content languages offered for a bundle (any BCP 47 code works with the API) */
const LANGUAGES = ['ar', 'cs', 'da', 'de', 'el', 'en', 'es', 'fi', 'fr', 'he', 'hi', 'it', 'ja', 'ko', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ru', 'sv', 'tr', 'uk', 'zh'];
const COUNTS = [3, 4, 5, 6];

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
          <Field
            label={t('collection.bundle.objective')}
            htmlFor="ai-bundle-objective"
            hint={<span id="ai-bundle-objective-hint">{t('collection.bundle.objectiveHint')}</span>}
          >
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
          </Field>
          <div className={styles.row}>
            <Field label={t('collection.bundle.count')} htmlFor="ai-bundle-count" className={styles.small}>
              <select id="ai-bundle-count" data-testid="ai-bundle-count" value={count} onChange={(e) => setCount(Number(e.target.value))} className={styles.full}>
                {COUNTS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('form.language')} htmlFor="ai-bundle-language" className={styles.grow}>
              <select id="ai-bundle-language" data-testid="ai-bundle-language" value={language} onChange={(e) => setLanguage(e.target.value)} className={styles.full}>
                {languages.map((l) => (
                  <option key={l.code} value={l.code} suppressHydrationWarning>
                    {l.name}
                  </option>
                ))}
              </select>
            </Field>
            <RunButton describedBy="ai-collection-credits" testId="ai-bundle-run" blocked={noCredits} busy={starting || active}>
              {t('collection.bundle.run')}
            </RunButton>
          </div>
        </form>
      ) : (
        <Upgrade plan={gate.plan} />
      )}
      <div role="status" aria-live="polite">
        {starting ? <p className={styles.startLine}>{t('collection.bundle.starting')}</p> : null}
        {job ? (
          <div data-testid="ai-bundle-job" className={styles.busy}>
            <p className={styles.busyText}>{active ? (stopping ? t('collection.bundle.stopping') : t('collection.bundle.running')) : null}</p>
            <div className={styles.progressRow}>
              <progress className={styles.meter} value={progress.done} max={Math.max(progress.total, 1)} aria-label={t('collection.bundle.progressLabel')} />
              <span data-testid="ai-bundle-progress">{t('collection.bundle.progress', { done: progress.done, total: progress.total })}</span>
            </div>
          </div>
        ) : null}
      </div>
      {job && active ? (
        <Button
          size="sm"
          icon={Square}
          className={styles.stop}
          data-testid="ai-bundle-stop"
          aria-disabled={stopping ? true : undefined}
          onClick={() => void bundle.cancel()}
        >
          {t('collection.bundle.stop')}
        </Button>
      ) : null}
      {job && job.results.length ? (
        <ol className={styles.numbered}>
          {[...job.results]
            .sort((a, b) => a.index - b.index)
            .map((r) => (
              <li key={r.index} data-testid="ai-bundle-result" className={styles.wrap}>
                {r.contentId ? (
                  <Link href={`/content/${encodeURIComponent(r.contentId)}/edit`}>{r.title ?? r.contentId}</Link>
                ) : (
                  <span className="error-text">{t('collection.bundle.itemFailed', { error: r.error ? aiErrorText(t, r.error) : '' })}</span>
                )}
              </li>
            ))}
        </ol>
      ) : null}
      {job && ended ? (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          className={cx(job.status === 'stopped_no_credits' || !job.output ? 'notice' : 'notice notice-success', styles.callout, styles.outcome)}
          data-testid="ai-bundle-outcome"
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
