'use client';
// The content page's Bloom's critique (POST /api/ai/content/:id/critique): the item's level, why, and rewrite
// suggestions, optionally towards a target level. One AI credit.
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { type BloomLevel } from '@/lib/content/blooms';
import { Badge, Field } from '@/components/ui';
import { ActionSection, BloomsSelect, ErrorLine, RunButton, Status, Upgrade, aiStyles as styles, cx } from '../parts';
import type { AiCredits, AiToolGate, SetCredits } from '../shared';
import { useAiRun } from '../useAiRun';

interface Critique {
  contentId: string;
  bloomsLevel: BloomLevel;
  explanation: string;
  suggestions: { issue: string; rewrite: string; targetLevel?: BloomLevel }[];
  credits: AiCredits;
}

export function CritiqueAction({ base, gate, noCredits, setCredits }: { base: string; gate: AiToolGate; noCredits: boolean; setCredits: SetCredits }) {
  const t = useTranslations('ai');
  const critique = useAiRun<Critique>(setCredits);
  const [target, setTarget] = useState<BloomLevel | ''>('');

  const onCritique = (e: FormEvent) => {
    e.preventDefault();
    if (critique.busy || noCredits) return;
    void critique.run(() => callApi<Critique>('POST', `${base}/critique`, target ? { targetLevel: target } : {}));
  };

  const result = critique.result;
  return (
    <ActionSection name="ai-critique" title={t('tools.critique.title')} help={t('tools.critique.help')}>
      {gate.allowed ? (
        <form onSubmit={onCritique} noValidate className={styles.row}>
          <Field label={t('tools.critique.target')} htmlFor="ai-critique-target" className={styles.grow}>
            <BloomsSelect id="ai-critique-target" value={target} onChange={setTarget} anyLabel={t('tools.critique.targetAny')} className={styles.full} />
          </Field>
          <RunButton describedBy="ai-tools-credits" testId="ai-critique-run" blocked={noCredits} busy={critique.busy}>
            {t('tools.critique.run')}
          </RunButton>
        </form>
      ) : (
        <Upgrade plan={gate.plan} />
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
        <div data-testid="ai-critique-result" className={styles.result}>
          <p className={styles.levelLine}>
            <strong>{t('tools.critique.level')}</strong>{' '}
            <Badge tone="brand" data-testid="ai-critique-level">
              {t(`bloomsLevels.${result.bloomsLevel}`)}
            </Badge>
          </p>
          <p className={styles.text} data-testid="ai-critique-explanation">
            {result.explanation}
          </p>
          <h4 className={styles.subheading}>{t('tools.critique.suggestions')}</h4>
          <ol className={styles.list}>
            {result.suggestions.map((s, i) => (
              <li key={i} data-testid="ai-critique-suggestion" className={styles.item}>
                <p className={styles.text}>
                  <strong>{t('tools.critique.issue')}</strong> <span data-testid="ai-critique-issue">{s.issue}</span>
                </p>
                <p className={styles.text}>
                  <strong>{t('tools.critique.rewrite')}</strong> <span data-testid="ai-critique-rewrite">{s.rewrite}</span>
                </p>
                {s.targetLevel ? (
                  <p className={cx(styles.meta)}>
                    {t('tools.critique.reaches', { level: t(`bloomsLevels.${s.targetLevel}`) })}
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </ActionSection>
  );
}
