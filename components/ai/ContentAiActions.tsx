'use client';
// AI actions on a content item (issue 13 item 6), on the content page for teachers and admins who can read it:
// Bloom's critique with rewrite suggestions (POST /api/ai/content/:id/critique), an easier / harder /
// reading-level variant (…/differentiate) and the item remade as another type (…/remix), both saved as a new
// private item that opens in the editor. Each takes one AI credit; the credits left come from the server page,
// then from each answer. What the plan lacks is decided on the server: those actions show an upgrade prompt
// instead of their button. Without an AI provider one line points to the Create with AI page, which explains the
// setup. A busy button stays focusable (aria-disabled), so the keyboard focus is never lost to the page.
import Link from 'next/link';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { BloomsSelect, CreditsLine, ErrorLine, RunButton, Upgrade } from './parts';
import {
  AI_TYPES,
  AI_TYPE_KEY,
  aiErrorText,
  creditsLeft,
  creditsUsedUp,
  type AiCredits,
  type AiTranslator,
  type AiType,
} from './shared';
import { type BloomLevel } from '@/lib/content/blooms';

/** an action the caller's plan has (allowed), else the name of the plan that unlocks it */
export interface AiToolGate {
  allowed: boolean;
  plan: string;
}

interface Critique {
  contentId: string;
  bloomsLevel: BloomLevel;
  explanation: string;
  suggestions: { issue: string; rewrite: string; targetLevel?: BloomLevel }[];
  credits: AiCredits;
}
interface Made {
  contentId: string | null;
  draft: { library: string; metadata: { title: string; language: string } };
  credits: AiCredits;
}
type Variant = 'easier' | 'harder' | 'reading-level';
const VARIANTS: Variant[] = ['easier', 'harder', 'reading-level'];
const VARIANT_KEY = { easier: 'easier', harder: 'harder', 'reading-level': 'readingLevel' } as const;

const ACTION = { borderTop: '1px solid var(--border)', paddingTop: '1rem', marginTop: '1rem' } as const;
const H3 = { fontSize: '1.05rem', margin: '0 0 0.25rem' } as const;
const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '0.5rem 0.75rem' } as const;
const GROW = { flex: '1 1 14rem', minWidth: 0, maxWidth: '28rem' } as const;
const FIELD_LABEL = { marginTop: '0.5rem' } as const;
const RADIO_LABEL = { display: 'inline-flex', alignItems: 'center', gap: '0.4rem', margin: 0, fontWeight: 400, cursor: 'pointer' } as const;
const TEXT = { overflowWrap: 'anywhere', margin: '0.25rem 0' } as const;

/** One action's request: busy, its error, its answer, and the credits it reported. */
function useAiAction<T extends { credits: AiCredits }>(t: AiTranslator, setCredits: (f: (c: AiCredits) => AiCredits) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<T | null>(null);
  const run = async (path: string, body: unknown) => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const { data } = await callApi<T>('POST', path, body);
      setCredits(() => data.credits);
      setResult(data);
    } catch (err) {
      const message = (err as Error).message;
      if (message === 'AI generation limit reached') setCredits(creditsUsedUp);
      setError(aiErrorText(t, message));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, result, run };
}

/** An action's live region: its progress while it runs, then what it made. */
function Status({ busy, text, children }: { busy: boolean; text: string; children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {busy ? (
        <div style={{ marginTop: '0.75rem' }}>
          <p style={{ margin: '0 0 0.35rem', fontWeight: 600 }}>{text}</p>
          <progress aria-label={text} />
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** The new item: its title and the way into the editor. */
function MadeLine({ made }: { made: Made }) {
  const t = useTranslations('ai.tools');
  return made.contentId ? (
    <p className="notice notice-success" data-testid="ai-action-result" style={{ margin: '0.75rem 0 0', overflowWrap: 'anywhere' }}>
      {t('made', { title: made.draft.metadata.title })}{' '}
      <Link href={`/content/${encodeURIComponent(made.contentId)}/edit`} data-testid="ai-action-open">
        {t('open')}
      </Link>
    </p>
  ) : null;
}

export function ContentAiActions({
  contentId,
  contentType,
  configured,
  credits: initialCredits,
  critique: critiqueGate,
  differentiate: differentiateGate,
  remix: remixGate,
  differentiable,
}: {
  contentId: string;
  /** the item's machine name, e.g. H5P.MultiChoice */
  contentType: string;
  /** whether an AI provider is configured (aiConfigured()) */
  configured: boolean;
  /** the caller's AI credits (null when AI is not configured) */
  credits: AiCredits | null;
  critique: AiToolGate;
  differentiate: AiToolGate;
  remix: AiToolGate;
  /** whether the AI can write the item's own type (a variant keeps the type) */
  differentiable: boolean;
}) {
  const t = useTranslations('ai');
  const [credits, setCredits] = useState<AiCredits>(initialCredits ?? { used: 0, limit: 0 });
  const critique = useAiAction<Critique>(t, setCredits);
  const variantAction = useAiAction<Made>(t, setCredits);
  const remixAction = useAiAction<Made>(t, setCredits);
  const [target, setTarget] = useState<BloomLevel | ''>('');
  const [variant, setVariant] = useState<Variant>('easier');
  const [readingLevel, setReadingLevel] = useState('');
  const remixTypes = AI_TYPES.filter((ty) => ty !== contentType);
  const [remixType, setRemixType] = useState<AiType>(remixTypes[0] ?? 'H5P.MultiChoice');

  const base = `/api/ai/content/${encodeURIComponent(contentId)}`;
  const left = creditsLeft(credits);
  const noCredits = left <= 0;

  const onCritique = (e: FormEvent) => {
    e.preventDefault();
    if (critique.busy || noCredits) return;
    void critique.run(`${base}/critique`, target ? { targetLevel: target } : {});
  };
  const onDifferentiate = (e: FormEvent) => {
    e.preventDefault();
    if (variantAction.busy || noCredits) return;
    const level = readingLevel.trim();
    if (variant === 'reading-level' && !level) {
      variantAction.setError(t('errors.readingLevelRequired'));
      document.getElementById('ai-reading-level')?.focus();
      return;
    }
    void variantAction.run(`${base}/differentiate`, {
      variant,
      ...(variant === 'reading-level' ? { readingLevel: level } : {}),
      save: true,
    });
  };
  const onRemix = (e: FormEvent) => {
    e.preventDefault();
    if (remixAction.busy || noCredits) return;
    void remixAction.run(`${base}/remix`, { contentType: remixType, save: true });
  };

  if (!configured) {
    return (
      <section className="card" aria-labelledby="ai-tools-title" data-testid="ai-tools">
        <h2 id="ai-tools-title" style={{ marginTop: 0 }}>
          {t('tools.title')}
        </h2>
        <p data-testid="ai-tools-not-configured" style={{ margin: 0 }}>
          {t('tools.notConfigured')} <Link href="/content/ai">{t('tools.howToConfigure')}</Link>
        </p>
      </section>
    );
  }

  const result = critique.result;
  return (
    <section className="card" aria-labelledby="ai-tools-title" data-testid="ai-tools">
      <h2 id="ai-tools-title" style={{ marginTop: 0 }}>
        {t('tools.title')}
      </h2>
      <p style={{ margin: '0 0 0.5rem' }}>{t('tools.intro')}</p>
      <CreditsLine id="ai-tools-credits" testId="ai-tools-credits" credits={credits} cost={t('tools.cost')} />

      {/* 1. Bloom's critique */}
      <section aria-labelledby="ai-critique-title" data-testid="ai-critique" style={ACTION}>
        <h3 id="ai-critique-title" style={H3}>
          {t('tools.critique.title')}
        </h3>
        <p className="muted" style={{ margin: 0 }}>
          {t('tools.critique.help')}
        </p>
        {critiqueGate.allowed ? (
          <form onSubmit={onCritique} noValidate style={ROW}>
            <div style={GROW}>
              <label htmlFor="ai-critique-target" style={FIELD_LABEL}>
                {t('tools.critique.target')}
              </label>
              <BloomsSelect id="ai-critique-target" value={target} onChange={setTarget} anyLabel={t('tools.critique.targetAny')} style={{ width: '100%' }} />
            </div>
            <RunButton describedBy="ai-tools-credits" testId="ai-critique-run" blocked={noCredits} busy={critique.busy}>
              {t('tools.critique.run')}
            </RunButton>
          </form>
        ) : (
          <Upgrade plan={critiqueGate.plan} />
        )}
        <Status busy={critique.busy} text={t('tools.critique.busy')}>
          {/* what a screen reader hears when the critique is ready (the result is read from the page) */}
          {result ? (
            <span className="sr-only">
              {t('tools.critique.done', { level: t(`bloomsLevels.${result.bloomsLevel}`), count: result.suggestions.length })}
            </span>
          ) : null}
        </Status>
        <ErrorLine testId="ai-action-error" id="ai-critique-error" text={critique.error} />
        {result ? (
          <div data-testid="ai-critique-result" style={{ marginTop: '0.75rem' }}>
            <p style={{ margin: '0 0 0.5rem' }}>
              <strong>{t('tools.critique.level')}</strong>{' '}
              <span className="plan-badge" data-testid="ai-critique-level">
                {t(`bloomsLevels.${result.bloomsLevel}`)}
              </span>
            </p>
            <p style={TEXT} data-testid="ai-critique-explanation">
              {result.explanation}
            </p>
            <h4 style={{ margin: '0.75rem 0 0.25rem' }}>{t('tools.critique.suggestions')}</h4>
            <ol style={{ paddingLeft: '1.4rem', margin: 0, display: 'grid', gap: '0.6rem' }}>
              {result.suggestions.map((s, i) => (
                <li key={i} data-testid="ai-critique-suggestion">
                  <p style={TEXT}>
                    <strong>{t('tools.critique.issue')}</strong> <span data-testid="ai-critique-issue">{s.issue}</span>
                  </p>
                  <p style={TEXT}>
                    <strong>{t('tools.critique.rewrite')}</strong> <span data-testid="ai-critique-rewrite">{s.rewrite}</span>
                  </p>
                  {s.targetLevel ? (
                    <p className="muted" style={{ ...TEXT, fontSize: '0.9rem' }}>
                      {t('tools.critique.reaches', { level: t(`bloomsLevels.${s.targetLevel}`) })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </section>

      {/* 2. Differentiation: a variant of the same type */}
      <section aria-labelledby="ai-differentiate-title" data-testid="ai-differentiate" style={ACTION}>
        <h3 id="ai-differentiate-title" style={H3}>
          {t('tools.differentiate.title')}
        </h3>
        <p className="muted" style={{ margin: 0 }}>
          {t('tools.differentiate.help')}
        </p>
        {!differentiateGate.allowed ? (
          <Upgrade plan={differentiateGate.plan} />
        ) : !differentiable ? (
          <p className="notice" data-testid="ai-differentiate-unsupported" style={{ margin: '0.5rem 0 0' }}>
            {t('tools.differentiate.unsupported')}
          </p>
        ) : (
          <form onSubmit={onDifferentiate} noValidate>
            <fieldset style={{ border: 0, padding: 0, margin: '0.5rem 0 0', minWidth: 0 }}>
              <legend style={{ fontWeight: 600, padding: 0, marginBottom: '0.35rem' }}>{t('tools.differentiate.variant')}</legend>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
                {VARIANTS.map((v) => (
                  <label key={v} style={RADIO_LABEL}>
                    <input
                      type="radio"
                      name="ai-variant"
                      value={v}
                      checked={variant === v}
                      onChange={() => {
                        setVariant(v);
                        variantAction.setError(null);
                      }}
                      data-testid={`ai-variant-${v}`}
                    />
                    {t(`tools.differentiate.variants.${VARIANT_KEY[v]}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div style={ROW}>
              {variant === 'reading-level' ? (
                <div style={GROW}>
                  <label htmlFor="ai-reading-level" style={FIELD_LABEL}>
                    {t('tools.differentiate.readingLevel')}
                  </label>
                  <input
                    id="ai-reading-level"
                    data-testid="ai-reading-level"
                    value={readingLevel}
                    onChange={(e) => setReadingLevel(e.target.value)}
                    maxLength={100}
                    required
                    autoComplete="off"
                    aria-describedby={`ai-reading-level-hint${variantAction.error ? ' ai-differentiate-error' : ''}`}
                    aria-invalid={variantAction.error && !readingLevel.trim() ? true : undefined}
                  />
                  <small id="ai-reading-level-hint" className="muted">
                    {t('tools.differentiate.readingLevelHint')}
                  </small>
                </div>
              ) : null}
              <div style={{ marginTop: '0.75rem' }}>
                <RunButton describedBy="ai-tools-credits" testId="ai-differentiate-run" blocked={noCredits} busy={variantAction.busy}>
                  {t('tools.differentiate.run')}
                </RunButton>
              </div>
            </div>
          </form>
        )}
        <Status busy={variantAction.busy} text={t('tools.differentiate.busy')}>
          {variantAction.result ? <MadeLine made={variantAction.result} /> : null}
        </Status>
        <ErrorLine testId="ai-action-error" id="ai-differentiate-error" text={variantAction.error} />
      </section>

      {/* 3. Remix: the item as another type */}
      <section aria-labelledby="ai-remix-title" data-testid="ai-remix" style={ACTION}>
        <h3 id="ai-remix-title" style={H3}>
          {t('tools.remix.title')}
        </h3>
        <p className="muted" style={{ margin: 0 }}>
          {t('tools.remix.help')}
        </p>
        {remixGate.allowed ? (
          <form onSubmit={onRemix} noValidate style={ROW}>
            <div style={GROW}>
              <label htmlFor="ai-remix-type" style={FIELD_LABEL}>
                {t('tools.remix.type')}
              </label>
              <select
                id="ai-remix-type"
                data-testid="ai-remix-type"
                value={remixType}
                onChange={(e) => setRemixType(e.target.value as AiType)}
                style={{ width: '100%' }}
              >
                {remixTypes.map((ty) => (
                  <option key={ty} value={ty}>
                    {t(`types.${AI_TYPE_KEY[ty]}`)}
                  </option>
                ))}
              </select>
            </div>
            <RunButton describedBy="ai-tools-credits" testId="ai-remix-run" blocked={noCredits} busy={remixAction.busy}>
              {t('tools.remix.run')}
            </RunButton>
          </form>
        ) : (
          <Upgrade plan={remixGate.plan} />
        )}
        <Status busy={remixAction.busy} text={t('tools.remix.busy')}>
          {remixAction.result ? <MadeLine made={remixAction.result} /> : null}
        </Status>
        <ErrorLine testId="ai-action-error" id="ai-remix-error" text={remixAction.error} />
      </section>
    </section>
  );
}
