'use client';
// The content page's Bloom's critique (POST /api/ai/content/:id/critique): the item's level, why, and rewrite
// suggestions, optionally towards a target level. One AI credit.
import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import { type BloomLevel } from '@/lib/content/blooms';
import { ActionSection, BloomsSelect, ErrorLine, FIELD_LABEL, GROW, ROW, RunButton, Status, TEXT, Upgrade } from '../parts';
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
    </ActionSection>
  );
}
