'use client';
// The content page's differentiation (POST /api/ai/content/:id/differentiate): an easier, harder or
// reading-level variant of the same type, saved as a new private item. One AI credit.
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { ActionSection, ErrorLine, FIELD_LABEL, GROW, MadeLine, RADIO_LABEL, ROW, RunButton, Status, Upgrade } from '../parts';
import type { AiToolGate, SetCredits } from '../shared';
import { useAiRun } from '../useAiRun';
import type { Made } from './made';

type Variant = 'easier' | 'harder' | 'reading-level';
const VARIANTS: Variant[] = ['easier', 'harder', 'reading-level'];
const VARIANT_KEY = { easier: 'easier', harder: 'harder', 'reading-level': 'readingLevel' } as const;

export function DifferentiateAction({
  base,
  gate,
  differentiable,
  noCredits,
  setCredits,
}: {
  base: string;
  gate: AiToolGate;
  /** whether the AI can write the item's own type (a variant keeps the type) */
  differentiable: boolean;
  noCredits: boolean;
  setCredits: SetCredits;
}) {
  const t = useTranslations('ai');
  const variantAction = useAiRun<Made>(setCredits);
  const [variant, setVariant] = useState<Variant>('easier');
  const [readingLevel, setReadingLevel] = useState('');

  const onDifferentiate = (e: FormEvent) => {
    e.preventDefault();
    if (variantAction.busy || noCredits) return;
    const level = readingLevel.trim();
    if (variant === 'reading-level' && !level) {
      variantAction.setError(t('errors.readingLevelRequired'));
      document.getElementById('ai-reading-level')?.focus();
      return;
    }
    void variantAction.run(() =>
      callApi<Made>('POST', `${base}/differentiate`, {
        variant,
        ...(variant === 'reading-level' ? { readingLevel: level } : {}),
        save: true,
      }),
    );
  };

  return (
    <ActionSection name="ai-differentiate" title={t('tools.differentiate.title')} help={t('tools.differentiate.help')}>
      {!gate.allowed ? (
        <Upgrade plan={gate.plan} />
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
    </ActionSection>
  );
}
