'use client';
// The options of "Create with AI": the content type (fixed for an image or a video) and how many items, then —
// unless the plan lacks the source or type — the language, difficulty, Bloom's level and curriculum objective.
import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { DIFFICULTIES } from '@/lib/ai/limits';
import { BloomsSelect, Upgrade } from '../parts';
import { aiTypeName } from '../shared';
import { BRANCHING, FIELD_GRID, FULL, type Choices, type CreateWithAiGates, type Difficulty, type FormValues, type SetField, type TypeChoice } from './form';
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
      <div style={FIELD_GRID}>
        {fixedType ? (
          <p data-testid="ai-fixed-type" style={{ margin: '0.75rem 0' }}>
            {t('form.fixedType', { type: aiTypeName(t, fixedType) })}
          </p>
        ) : (
          <div>
            <label htmlFor="ai-type">{t('form.type')}</label>
            <select id="ai-type" data-testid="ai-type" value={effectiveType} onChange={(e) => set('type', e.target.value as TypeChoice)} style={FULL}>
              {typeChoices.map((ty) => (
                <option key={ty} value={ty}>
                  {typeLabel(ty)}
                  {ty === BRANCHING && !gates.branching.allowed ? ` (${t('form.planBadge', { plan: gates.branching.plan })})` : ''}
                </option>
              ))}
            </select>
          </div>
        )}
        {counted && !blocked ? (
          <div>
            <label htmlFor="ai-count">{t('form.count')}</label>
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
            <small id="ai-count-hint" className="muted" data-testid="ai-count-hint">
              {t(`form.countHint.${counted}`)}
            </small>
          </div>
        ) : null}
      </div>
      {blocked ? (
        <Upgrade plan={gate?.plan ?? ''} />
      ) : (
        <>
          <div style={FIELD_GRID}>
            <div>
              <label htmlFor="ai-language">{t('form.language')}</label>
              <select id="ai-language" data-testid="ai-language" value={values.language} onChange={(e) => set('language', e.target.value)} style={FULL}>
                {languages.map((l) => (
                  <option key={l.code} value={l.code} lang={l.code}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="ai-difficulty">{t('form.difficulty')}</label>
              <select id="ai-difficulty" data-testid="ai-difficulty" value={values.difficulty} onChange={(e) => set('difficulty', e.target.value as Difficulty)} style={FULL}>
                {DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {t(`difficulties.${d}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="ai-blooms">{t('form.blooms')}</label>
              <BloomsSelect id="ai-blooms" value={values.blooms} onChange={setBlooms} anyLabel={t('form.bloomsAny')} style={FULL} />
            </div>
          </div>
          <ObjectivePicker state={curriculum} onChange={setObjective} />
          {isJob ? (
            <p className="muted" id="ai-job-hint" style={{ margin: '0.5rem 0' }}>
              {t('form.jobHint')}
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
