'use client';
// The optional curriculum objective of "Create with AI": framework → stage → grade, subject → unit → topic →
// objectives, from the synced curriculum (the read endpoints, as the content metadata picker does). With a
// framework, a grade and a subject chosen it yields the curriculum metadata the generation routes take
// (lib/curriculum/schemas.ts metadataBody); the item is written for those objectives and carries them.
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { X } from 'lucide-react';
import { CurriculumCascade, type CurriculumChoice } from '@/components/curriculum/CurriculumCascade';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { Button } from '@/components/ui';
import { aiStyles as styles } from '../parts';

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
    <details data-testid="ai-curriculum" className={styles.objective}>
      <summary>
        {ta('summary')}
        {value ? (
          <span className={styles.objectiveChosen} data-testid="ai-curriculum-chosen">
            {' · '}
            {ta('chosen', { framework: value.frameworkName, grade: value.gradeName, subject: value.subjectName })}
            {value.objectiveCodes.length ? ` · ${ta('objectives', { count: value.objectiveCodes.length })}` : ''}
          </span>
        ) : null}
      </summary>
      <fieldset className={styles.objectiveSet}>
        <legend className={styles.objectiveLegend}>
          <span className="sr-only">{ta('legend')}: </span>
          {ta('hint')}
        </legend>
        <CurriculumCascade key={round} curriculum={state} testIdPrefix="ai-curriculum" onChange={changed} frameworkPlaceholder={t('fields.none')} />
        {started ? (
          <Button size="sm" variant="ghost" icon={X} className={styles.clear} onClick={() => setRound((r) => r + 1)} data-testid="ai-curriculum-clear">
            {ta('clear')}
          </Button>
        ) : null}
      </fieldset>
    </details>
  );
}
