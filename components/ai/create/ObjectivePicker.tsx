'use client';
// The optional curriculum objective of "Create with AI": framework → stage → grade, subject → unit → topic →
// objectives, from the synced curriculum (the read endpoints, as the content metadata picker does). With a
// framework, a grade and a subject chosen it yields the curriculum metadata the generation routes take
// (lib/curriculum/schemas.ts metadataBody); the item is written for those objectives and carries them.
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { CurriculumCascade, type CurriculumChoice } from '@/components/curriculum/CurriculumCascade';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';

/** The curriculum metadata sent with a generation (metadataBody). */
export type CurriculumObjective = CurriculumChoice;

export function ObjectivePicker({ state, onChange }: { state: CurriculumState; onChange: (v: CurriculumObjective | null) => void }) {
  const t = useTranslations('curriculum');
  const ta = useTranslations('ai.curriculum');
  const [value, setValue] = useState<CurriculumObjective | null>(null);
  const [started, setStarted] = useState(false);
  // Clear starts the cascade afresh
  const [round, setRound] = useState(0);
  const changed = useCallback(
    (v: CurriculumObjective | null, s: boolean) => {
      setValue(v);
      setStarted(s);
      onChange(v);
    },
    [onChange],
  );

  return (
    <details data-testid="ai-curriculum" style={{ margin: '0.75rem 0', minWidth: 0 }}>
      <summary style={{ fontWeight: 600, cursor: 'pointer' }}>
        {ta('summary')}
        {value ? (
          <span className="muted" data-testid="ai-curriculum-chosen" style={{ fontWeight: 400 }}>
            {' · '}
            {ta('chosen', { framework: value.frameworkName, grade: value.gradeName, subject: value.subjectName })}
            {value.objectiveCodes.length ? ` · ${ta('objectives', { count: value.objectiveCodes.length })}` : ''}
          </span>
        ) : null}
      </summary>
      <fieldset style={{ border: 0, padding: 0, margin: '0.5rem 0 0', minWidth: 0 }}>
        <legend className="muted" style={{ padding: 0, fontWeight: 400 }}>
          <span className="sr-only">{ta('legend')}: </span>
          {ta('hint')}
        </legend>
        <CurriculumCascade key={round} curriculum={state} testIdPrefix="ai-curriculum" onChange={changed} frameworkPlaceholder={t('fields.none')} />
        {started ? (
          <button type="button" className="secondary" onClick={() => setRound((r) => r + 1)} data-testid="ai-curriculum-clear" style={{ width: 'auto', marginTop: '0.5rem' }}>
            {ta('clear')}
          </button>
        ) : null}
      </fieldset>
    </details>
  );
}
