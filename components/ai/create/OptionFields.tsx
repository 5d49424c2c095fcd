'use client';
// The options of "Create with AI": the content type (fixed for an image or a video) and how many items, then —
// unless the plan lacks the source or type — the language, difficulty, Bloom's level and curriculum objective.
import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { DIFFICULTIES } from '@/lib/ai/limits';
import { Field } from '@/components/ui';
import { BloomsSelect, Upgrade, aiStyles as styles } from '../parts';
import { aiTypeName } from '../shared';
import { BRANCHING, type Choices, type CreateWithAiGates, type Difficulty, type FormValues, type SetField, type TypeChoice } from './form';
import { ObjectivePicker, type CurriculumObjective } from './ObjectivePicker';

export function OptionFields({
  values,
  set,
  choices,
  gates,
  languages,
  curriculum,
}: {
  values: FormValues;
  set: SetField;
  choices: Choices;
  gates: CreateWithAiGates;
  languages: { code: string; name: string }[];
  curriculum: CurriculumState;
}) {
  const t = useTranslations('ai');
  const { blocked, gate, fixedType, effectiveType, typeChoices, counted, max, isJob } = choices;
  const typeLabel = (ty: TypeChoice) => (ty === BRANCHING ? t('types.branchingScenario') : aiTypeName(t, ty));
  // stable: the picker hands it to the curriculum cascade
  const setObjective = useCallback((o: CurriculumObjective | null) => set('objective', o), [set]);
  const setBlooms = useCallback((b: FormValues['blooms']) => set('blooms', b), [set]);

  return (
    <>
      <div className={styles.fieldGrid}>
        {fixedType ? (
          <p data-testid="ai-fixed-type" className={styles.fixedType}>
            {t('form.fixedType', { type: aiTypeName(t, fixedType) })}
          </p>
        ) : (
          <Field label={t('form.type')} htmlFor="ai-type">
            <select id="ai-type" data-testid="ai-type" value={effectiveType} onChange={(e) => set('type', e.target.value as TypeChoice)} className={styles.full}>
              {typeChoices.map((ty) => (
                <option key={ty} value={ty}>
                  {typeLabel(ty)}
                  {ty === BRANCHING && !gates.branching.allowed ? ` (${t('form.planBadge', { plan: gates.branching.plan })})` : ''}
                </option>
              ))}
            </select>
          </Field>
        )}
        {counted && !blocked ? (
          <Field
            label={t('form.count')}
            htmlFor="ai-count"
            hint={
              <span id="ai-count-hint" data-testid="ai-count-hint">
                {t(`form.countHint.${counted}`)}
              </span>
            }
          >
            <input
              id="ai-count"
              data-testid="ai-count"
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              step={1}
              value={values.count}
              onChange={(e) => set('count', e.target.value)}
              aria-describedby="ai-count-hint"
            />
          </Field>
        ) : null}
      </div>
      {blocked ? (
        <Upgrade plan={gate?.plan ?? ''} />
      ) : (
        <>
          <div className={styles.fieldGrid}>
            <Field label={t('form.language')} htmlFor="ai-language">
              <select id="ai-language" data-testid="ai-language" value={values.language} onChange={(e) => set('language', e.target.value)} className={styles.full}>
                {languages.map((l) => (
                  <option key={l.code} value={l.code} lang={l.code}>
                    {l.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('form.difficulty')} htmlFor="ai-difficulty">
              <select id="ai-difficulty" data-testid="ai-difficulty" value={values.difficulty} onChange={(e) => set('difficulty', e.target.value as Difficulty)} className={styles.full}>
                {DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {t(`difficulties.${d}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('form.blooms')} htmlFor="ai-blooms">
              <BloomsSelect id="ai-blooms" value={values.blooms} onChange={setBlooms} anyLabel={t('form.bloomsAny')} className={styles.full} />
            </Field>
          </div>
          <ObjectivePicker state={curriculum} onChange={setObjective} />
          {isJob ? (
            <p className={styles.jobHint} id="ai-job-hint">
              {t('form.jobHint')}
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
