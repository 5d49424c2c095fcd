'use client';
// The content page's differentiation (POST /api/ai/content/:id/differentiate): an easier, harder or
// reading-level variant of the same type, saved as a new private item. One AI credit.
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { Field } from '@/components/ui';
import { ActionSection, ErrorLine, MadeLine, RunButton, Status, Upgrade, aiStyles as styles, cx } from '../parts';
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
        <p className={cx('notice', styles.callout, styles.tight)} data-testid="ai-differentiate-unsupported">
          {t('tools.differentiate.unsupported')}
        </p>
      ) : (
        <form onSubmit={onDifferentiate} noValidate>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t('tools.differentiate.variant')}</legend>
            <div className={styles.choices}>
              {VARIANTS.map((v) => (
                <label key={v} className={styles.choice}>
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
          <div className={styles.row}>
            {variant === 'reading-level' ? (
              <Field
                label={t('tools.differentiate.readingLevel')}
                htmlFor="ai-reading-level"
                className={styles.grow}
                hint={<span id="ai-reading-level-hint">{t('tools.differentiate.readingLevelHint')}</span>}
              >
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
              </Field>
            ) : null}
            <RunButton describedBy="ai-tools-credits" testId="ai-differentiate-run" blocked={noCredits} busy={variantAction.busy}>
              {t('tools.differentiate.run')}
            </RunButton>
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
