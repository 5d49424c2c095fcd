'use client';
// AI actions on a collection (issue 13 item 6), on the collection page for its owner when they are a teacher or admin:
// recommendations (POST /api/ai/recommendations: public items that fill the collection's Bloom's gaps, ranked with a
// reason; each can be added to the collection) and a lesson bundle (POST /api/ai/jobs/lesson-bundle: a job that writes
// 3 to 6 items for one objective into a NEW collection; polled until it ends, and can be stopped). Recommendations
// take one AI credit, a bundle one per item made. What the plan lacks is decided on the server: those actions show
// an upgrade prompt instead of their button. Without an AI provider one line points to the Create with AI page.
// A busy button stays focusable (aria-disabled), so the keyboard focus is never lost to the page.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { CreditsLine, ErrorLine, RunButton, Upgrade } from './parts';
import { AI_TYPE_KEY, aiErrorText, creditsLeft, creditsUsedUp, type AiCredits, type AiType } from './shared';
import type { AiToolGate } from './ContentAiActions';
import { BLOOM_LEVELS, type BloomLevel } from '@/lib/content/blooms';
import { ACTIVE, type Job } from './create/api';

interface Recommendation {
  contentId: string;
  title: string;
  mainLibrary: string;
  bloomsLevel: string | null;
  fillsGap: boolean;
  reason: string;
}
interface Recommended {
  gaps: string[];
  recommendations: Recommendation[];
  credits: AiCredits;
}
const POLL_MS = 1500;
/** the content languages offered for a bundle (any BCP 47 code works with the API) */
const LANGUAGES = ['ar', 'cs', 'da', 'de', 'el', 'en', 'es', 'fi', 'fr', 'he', 'hi', 'it', 'ja', 'ko', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ru', 'sv', 'tr', 'uk', 'zh'];
const COUNTS = [3, 4, 5, 6];

const ACTION = { borderTop: '1px solid var(--border)', paddingTop: '1rem', marginTop: '1rem' } as const;
const H3 = { fontSize: '1.05rem', margin: '0 0 0.25rem' } as const;
const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '0.5rem 0.75rem' } as const;
const GROW = { flex: '1 1 14rem', minWidth: 0, maxWidth: '28rem' } as const;
const SMALL_FIELD = { flex: '0 1 10rem', minWidth: 0 } as const;
const FIELD_LABEL = { marginTop: '0.5rem' } as const;
const TEXT = { overflowWrap: 'anywhere', margin: '0.25rem 0' } as const;
const LIST = { listStyle: 'none', padding: 0, margin: '0.5rem 0 0', display: 'grid', gap: '0.6rem' } as const;
const CARD_ITEM = { border: '1px solid var(--border)', borderRadius: '8px', padding: '0.6rem 0.75rem', minWidth: 0 } as const;

const isBlooms = (l: string | null): l is BloomLevel => !!l && (BLOOM_LEVELS as readonly string[]).includes(l);

export function CollectionAiActions({
  collectionId,
  configured,
  credits: initialCredits,
  recommend: recommendGate,
  bundle: bundleGate,
}: {
  collectionId: string;
  /** whether an AI provider is configured (aiConfigured()) */
  configured: boolean;
  /** the caller's AI credits (null when AI is not configured) */
  credits: AiCredits | null;
  recommend: AiToolGate;
  bundle: AiToolGate;
}) {
  const t = useTranslations('ai');
  const locale = useLocale();
  const router = useRouter();
  const [credits, setCredits] = useState<AiCredits>(initialCredits ?? { used: 0, limit: 0 });
  const left = creditsLeft(credits);
  const noCredits = left <= 0;

  // 1. recommendations
  const [objective, setObjective] = useState('');
  const [recBusy, setRecBusy] = useState(false);
  const [recError, setRecError] = useState<string | null>(null);
  const [rec, setRec] = useState<Recommended | null>(null);
  /** per recommended item: being added, added (or already there) */
  const [added, setAdded] = useState<Record<string, 'adding' | 'added' | 'exists'>>({});

  const onRecommend = async (e: FormEvent) => {
    e.preventDefault();
    if (recBusy || noCredits) return;
    setRecBusy(true);
    setRecError(null);
    setRec(null);
    setAdded({});
    try {
      const goal = objective.trim();
      const { data } = await callApi<Recommended>('POST', '/api/ai/recommendations', { collectionId, ...(goal ? { objective: goal } : {}) });
      setCredits(() => data.credits);
      setRec(data);
    } catch (err) {
      const message = (err as Error).message;
      if (message === 'AI generation limit reached') setCredits(creditsUsedUp);
      setRecError(aiErrorText(t, message));
    } finally {
      setRecBusy(false);
    }
  };

  const addItem = async (contentId: string) => {
    if (added[contentId]) return;
    setAdded((a) => ({ ...a, [contentId]: 'adding' }));
    setRecError(null);
    try {
      await callApi('POST', `/api/collections/${encodeURIComponent(collectionId)}/items`, { contentId });
      setAdded((a) => ({ ...a, [contentId]: 'added' }));
      // the page's item list (the collection editor) is rebuilt by the server page
      router.refresh();
    } catch (err) {
      const message = (err as Error).message;
      if (message === 'Item already exists') {
        setAdded((a) => ({ ...a, [contentId]: 'exists' }));
        return;
      }
      setAdded((a) => {
        const rest = { ...a };
        delete rest[contentId];
        return rest;
      });
      setRecError(t('collection.recommend.addFailed', { error: message }));
    }
  };

  // 2. lesson bundle
  const [bundleObjective, setBundleObjective] = useState('');
  const [count, setCount] = useState(4);
  const [language, setLanguage] = useState<string>(LANGUAGES.includes(locale) ? locale : 'en');
  const [bundleError, setBundleError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const [stopping, setStopping] = useState(false);
  /** the credits when the job started: each item made takes one */
  const usedAtStart = useRef(0);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const active = !!job && ACTIVE.includes(job.status);
  const languages = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
    const codes = LANGUAGES.includes(locale) ? LANGUAGES : [...LANGUAGES, locale];
    return codes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);

  const onBundle = async (e: FormEvent) => {
    e.preventDefault();
    if (starting || active || noCredits) return;
    const goal = bundleObjective.trim();
    if (!goal) {
      setBundleError(t('collection.bundle.objectiveRequired'));
      document.getElementById('ai-bundle-objective')?.focus();
      return;
    }
    setStarting(true);
    setBundleError(null);
    setJob(null);
    setStopping(false);
    try {
      const { data } = await callApi<Job>('POST', '/api/ai/jobs/lesson-bundle', { objective: goal, count, language });
      usedAtStart.current = credits.used;
      setJob(data);
    } catch (err) {
      const message = (err as Error).message;
      if (message === 'AI generation limit reached') setCredits(creditsUsedUp);
      setBundleError(aiErrorText(t, message));
    } finally {
      setStarting(false);
    }
  };

  // while the job runs: its state every 1.5 s
  const jobId = job?.id;
  useEffect(() => {
    if (!jobId || !active) return;
    let cancelled = false;
    const poll = async () => {
      try {
        const { data } = await callApi<Job>('GET', `/api/ai/jobs/${encodeURIComponent(jobId)}`);
        if (cancelled) return;
        setJob(data);
        setBundleError(null);
        const made = data.results.filter((r) => r.contentId).length;
        setCredits((c) => (c.limit === -1 ? c : { ...c, used: Math.max(c.used, usedAtStart.current + made) }));
        if (data.status === 'stopped_no_credits') setCredits(creditsUsedUp);
      } catch (err) {
        if (cancelled) return;
        const message = (err as Error).message;
        setBundleError(aiErrorText(t, message));
        // a job that is gone stops the polling; anything else is tried again at the next tick
        if (message === 'Job not found') setJob((j) => (j ? { ...j, status: 'cancelled' } : j));
        else setJob((j) => (j ? { ...j } : j));
      }
    };
    const timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [jobId, active, job, t]);

  // when it ends, the focus that was on the Stop button (which goes away, leaving it on the page's body) moves to the outcome
  const ended = !!job && !active;
  useEffect(() => {
    if (ended && (!document.activeElement || document.activeElement === document.body)) outcomeRef.current?.focus();
  }, [ended]);

  const stop = async () => {
    if (!job || stopping) return;
    setStopping(true);
    try {
      await callApi('DELETE', `/api/ai/jobs/${encodeURIComponent(job.id)}`);
    } catch (err) {
      setBundleError(aiErrorText(t, (err as Error).message));
      setStopping(false);
    }
  };

  if (!configured) {
    return (
      <section className="card" aria-labelledby="ai-collection-title" data-testid="ai-collection-tools">
        <h2 id="ai-collection-title" style={{ marginTop: 0 }}>
          {t('tools.title')}
        </h2>
        <p data-testid="ai-tools-not-configured" style={{ margin: 0 }}>
          {t('tools.notConfigured')} <Link href="/content/ai">{t('tools.howToConfigure')}</Link>
        </p>
      </section>
    );
  }

  const typeName = (lib: string) => {
    const machine = lib.split(' ')[0] ?? lib;
    const key = AI_TYPE_KEY[machine as AiType] as string | undefined;
    return key ? t(`types.${AI_TYPE_KEY[machine as AiType]}`) : machine.replace(/^H5P\./, '');
  };
  const levelName = (l: string) => (isBlooms(l) ? t(`bloomsLevels.${l}`) : l);
  const progress = job?.progress ?? { done: 0, total: count };

  return (
    <section className="card" aria-labelledby="ai-collection-title" data-testid="ai-collection-tools">
      <h2 id="ai-collection-title" style={{ marginTop: 0 }}>
        {t('tools.title')}
      </h2>
      <p style={{ margin: '0 0 0.5rem' }}>{t('collection.intro')}</p>
      <CreditsLine id="ai-collection-credits" testId="ai-collection-credits" credits={credits} cost={t('collection.cost')} />

      {/* 1. recommendations */}
      <section aria-labelledby="ai-recommend-title" data-testid="ai-recommend" style={ACTION}>
        <h3 id="ai-recommend-title" style={H3}>
          {t('collection.recommend.title')}
        </h3>
        <p className="muted" style={{ margin: 0 }}>
          {t('collection.recommend.help')}
        </p>
        {recommendGate.allowed ? (
          <form onSubmit={(e) => void onRecommend(e)} noValidate style={ROW}>
            <div style={GROW}>
              <label htmlFor="ai-recommend-objective" style={FIELD_LABEL}>
                {t('collection.recommend.objective')}
              </label>
              <input
                id="ai-recommend-objective"
                data-testid="ai-recommend-objective"
                value={objective}
                onChange={(e) => setObjective(e.target.value)}
                maxLength={500}
                autoComplete="off"
              />
            </div>
            <RunButton describedBy="ai-collection-credits" testId="ai-recommend-run" blocked={noCredits} busy={recBusy}>
              {t('collection.recommend.run')}
            </RunButton>
          </form>
        ) : (
          <Upgrade plan={recommendGate.plan} />
        )}
        <div role="status" aria-live="polite">
          {recBusy ? (
            <div style={{ marginTop: '0.75rem' }}>
              <p style={{ margin: '0 0 0.35rem', fontWeight: 600 }}>{t('collection.recommend.busy')}</p>
              <progress aria-label={t('collection.recommend.busy')} />
            </div>
          ) : null}
          {rec ? <span className="sr-only">{t('collection.recommend.done', { count: rec.recommendations.length })}</span> : null}
        </div>
        <ErrorLine testId="ai-collection-error" id="ai-recommend-error" text={recError} />
        {rec ? (
          <div data-testid="ai-recommendations" style={{ marginTop: '0.75rem' }}>
            <p style={TEXT} data-testid="ai-recommendation-gaps">
              {rec.gaps.length
                ? t('collection.recommend.gaps', { levels: rec.gaps.map(levelName).join(', ') })
                : t('collection.recommend.noGaps')}
            </p>
            {rec.recommendations.length ? (
              <ul style={LIST}>
                {rec.recommendations.map((r, i) => {
                  const state = added[r.contentId];
                  return (
                    <li key={r.contentId} data-testid="ai-recommendation" style={CARD_ITEM}>
                      <p style={{ ...TEXT, fontWeight: 600 }}>
                        <Link id={`ai-recommendation-${i}`} href={`/marketplace/${encodeURIComponent(r.contentId)}`} data-testid="ai-recommendation-title">
                          {r.title}
                        </Link>
                      </p>
                      <p className="muted" style={{ ...TEXT, fontSize: '0.9rem' }}>
                        {typeName(r.mainLibrary)}
                        {r.bloomsLevel ? ` · ${t('collection.recommend.level', { level: levelName(r.bloomsLevel) })}` : ''}{' '}
                        {r.fillsGap ? (
                          <span className="plan-badge" data-testid="ai-recommendation-gap" style={{ textTransform: 'none' }}>
                            {t('collection.recommend.fillsGap')}
                          </span>
                        ) : null}
                      </p>
                      <p style={TEXT} data-testid="ai-recommendation-reason">
                        {r.reason}
                      </p>
                      {state === 'added' || state === 'exists' ? (
                        <p className="muted" style={{ ...TEXT, fontSize: '0.9rem' }} data-testid="ai-recommendation-added">
                          {state === 'added' ? t('collection.recommend.added') : t('collection.recommend.exists')}
                        </p>
                      ) : (
                        <button
                          type="button"
                          className="small"
                          data-testid="ai-recommendation-add"
                          aria-disabled={state === 'adding' ? true : undefined}
                          aria-describedby={`ai-recommendation-${i}`}
                          onClick={() => void addItem(r.contentId)}
                          style={{ width: 'auto', margin: '0.25rem 0 0' }}
                        >
                          {state === 'adding' ? t('collection.recommend.adding') : t('collection.recommend.add')}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="muted" style={TEXT} data-testid="ai-recommendations-empty">
                {t('collection.recommend.none')}
              </p>
            )}
          </div>
        ) : null}
      </section>

      {/* 2. lesson bundle: a new collection */}
      <section aria-labelledby="ai-bundle-title" data-testid="ai-bundle" style={ACTION}>
        <h3 id="ai-bundle-title" style={H3}>
          {t('collection.bundle.title')}
        </h3>
        <p className="muted" style={{ margin: 0 }}>
          {t('collection.bundle.help')}
        </p>
        {bundleGate.allowed ? (
          <form onSubmit={(e) => void onBundle(e)} noValidate>
            <label htmlFor="ai-bundle-objective" style={FIELD_LABEL}>
              {t('collection.bundle.objective')}
            </label>
            <input
              id="ai-bundle-objective"
              data-testid="ai-bundle-objective"
              value={bundleObjective}
              onChange={(e) => setBundleObjective(e.target.value)}
              maxLength={500}
              required
              autoComplete="off"
              aria-describedby={`ai-bundle-objective-hint${bundleError ? ' ai-bundle-error' : ''}`}
              aria-invalid={bundleError && !bundleObjective.trim() ? true : undefined}
            />
            <small id="ai-bundle-objective-hint" className="muted">
              {t('collection.bundle.objectiveHint')}
            </small>
            <div style={ROW}>
              <div style={SMALL_FIELD}>
                <label htmlFor="ai-bundle-count" style={FIELD_LABEL}>
                  {t('collection.bundle.count')}
                </label>
                <select
                  id="ai-bundle-count"
                  data-testid="ai-bundle-count"
                  value={count}
                  onChange={(e) => setCount(Number(e.target.value))}
                  style={{ width: '100%' }}
                >
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
                <select
                  id="ai-bundle-language"
                  data-testid="ai-bundle-language"
                  value={language}
                  onChange={(e) => setLanguage(e.target.value)}
                  style={{ width: '100%' }}
                >
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
          <Upgrade plan={bundleGate.plan} />
        )}
        <div role="status" aria-live="polite">
          {starting ? <p style={{ margin: '0.75rem 0 0', fontWeight: 600 }}>{t('collection.bundle.starting')}</p> : null}
          {job ? (
            <div data-testid="ai-bundle-job" style={{ marginTop: '0.75rem' }}>
              <p style={{ margin: '0 0 0.35rem', fontWeight: 600 }}>
                {active
                  ? stopping
                    ? t('collection.bundle.stopping')
                    : t('collection.bundle.running')
                  : null}
              </p>
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
            onClick={() => void stop()}
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
        <ErrorLine testId="ai-collection-error" id="ai-bundle-error" text={bundleError} />
      </section>
    </section>
  );
}
