'use client';
// Framework, grade and subject chosen from the synced curriculum (code and name kept together), plus difficulty
// and language: the curriculum fields of a collection, for its create and edit forms.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { callApi } from '@/components/shared/api';
import { CurriculumNotice, type CurriculumState } from './CurriculumNotice';
import { SearchableSelect, type Choice } from './SearchableSelect';
import styles from './curriculum.module.css';

export interface CurriculumValue {
  frameworkCode: string;
  frameworkName: string;
  gradeCode: string;
  gradeName: string;
  subjectCode: string;
  subjectName: string;
  difficulty: string;
  language: string;
}

export const EMPTY_CURRICULUM: CurriculumValue = {
  frameworkCode: '',
  frameworkName: '',
  gradeCode: '',
  gradeName: '',
  subjectCode: '',
  subjectName: '',
  difficulty: '',
  language: '',
};

/** The content languages offered (ISO 639-1 codes); their names are messages (curriculum.languages.<code>). */
export const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'mi', 'zh', 'ar', 'hi', 'ja'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const isLanguageCode = (v: string): v is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(v);

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const isDifficulty = (v: string | null | undefined): v is Difficulty => (DIFFICULTIES as readonly string[]).includes(v ?? '');

/** The languages as choices, named in the interface language. */
export function useLanguageChoices(): Choice[] {
  const t = useTranslations('curriculum.languages');
  return LANGUAGE_CODES.map((code) => ({ code, name: t(code) }));
}

interface Node {
  code: string;
  name: string;
}

/** A curriculum list from the read endpoints ([] while loading, without a path, or on failure). */
export function useCurriculumList<T extends Node = Node>(path: string | null): T[] {
  const [list, setList] = useState<T[]>([]);
  useEffect(() => {
    if (!path) {
      setList([]);
      return;
    }
    let live = true;
    callApi<T[]>('GET', path)
      .then((r) => live && setList(r.data))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [path]);
  return list;
}

/** Every grade of a framework, across its stages, each with its stage as a hint. */
function useGrades(fw: string, stages: Node[]): Choice[] {
  const [grades, setGrades] = useState<Choice[]>([]);
  useEffect(() => {
    if (!fw || stages.length === 0) {
      setGrades([]);
      return;
    }
    let live = true;
    const e = encodeURIComponent;
    void Promise.all(
      stages.map((s) =>
        callApi<Node[]>('GET', `/api/curriculum/frameworks/${e(fw)}/stages/${e(s.code)}/grades`)
          .then((r) => r.data.map((g) => ({ code: g.code, name: g.name, hint: s.name })))
          .catch(() => [] as Choice[]),
      ),
    ).then((lists) => live && setGrades(lists.flat()));
    return () => {
      live = false;
    };
  }, [fw, stages]);
  return grades;
}

/** The current value kept as a choice while its list has not loaded or no longer has it. */
const withCurrent = (list: Choice[], code: string, name: string): Choice[] =>
  code && !list.some((c) => c.code === code) ? [{ code, name: name || code }, ...list] : list;

export function CurriculumFields({
  value,
  onChange,
  state,
}: {
  value: CurriculumValue;
  onChange: (v: CurriculumValue) => void;
  state: CurriculumState;
}) {
  const t = useTranslations('curriculum');
  const e = encodeURIComponent;
  const fw = value.frameworkCode;
  const frameworks = useCurriculumList('/api/curriculum/frameworks');
  const stages = useCurriculumList(fw ? `/api/curriculum/frameworks/${e(fw)}/stages` : null);
  const subjects = useCurriculumList(fw ? `/api/curriculum/frameworks/${e(fw)}/subjects` : null);
  const grades = useGrades(fw, stages);
  const languages = useLanguageChoices();
  const none = state.frameworks === 0;

  const fwChoices = withCurrent(frameworks, fw, value.frameworkName);
  const gradeChoices = withCurrent(grades, value.gradeCode, value.gradeName);
  const subjectChoices = withCurrent(subjects, value.subjectCode, value.subjectName);
  const nameIn = (list: Choice[], code: string) => list.find((c) => c.code === code)?.name ?? '';
  const later = (empty: 'noGrades' | 'noSubjects') =>
    none ? t('reason.noCurriculum') : fw ? t(`reason.${empty}`) : t('reason.frameworkFirst');

  return (
    <fieldset className={styles.fieldset} data-testid="curriculum-fields">
      <legend className={styles.legend}>{t('fields.legend')}</legend>
      <CurriculumNotice state={state} />
      <div className={styles.row}>
        <SearchableSelect
          label={t('fields.framework')}
          choices={fwChoices}
          value={fw}
          testId="new-framework"
          placeholder={t('fields.none')}
          emptyReason={none ? t('reason.noCurriculum') : t('reason.loadingFrameworks')}
          onChange={(code) =>
            onChange({
              ...value,
              frameworkCode: code,
              frameworkName: nameIn(fwChoices, code),
              gradeCode: '',
              gradeName: '',
              subjectCode: '',
              subjectName: '',
            })
          }
        />
        <SearchableSelect
          label={t('fields.grade')}
          choices={gradeChoices}
          value={value.gradeCode}
          testId="new-grade"
          placeholder={t('fields.any')}
          emptyReason={later('noGrades')}
          onChange={(code) => onChange({ ...value, gradeCode: code, gradeName: nameIn(gradeChoices, code) })}
        />
        <SearchableSelect
          label={t('fields.subject')}
          choices={subjectChoices}
          value={value.subjectCode}
          testId="new-subject"
          placeholder={t('fields.any')}
          emptyReason={later('noSubjects')}
          onChange={(code) => onChange({ ...value, subjectCode: code, subjectName: nameIn(subjectChoices, code) })}
        />
      </div>
      <div className={styles.row}>
        <SearchableSelect
          label={t('fields.difficulty')}
          choices={DIFFICULTIES.map((code) => ({ code, name: t(`difficulty.${code}`) }))}
          value={value.difficulty}
          testId="new-difficulty"
          placeholder={t('fields.any')}
          emptyReason=""
          onChange={(code) => onChange({ ...value, difficulty: code })}
        />
        <SearchableSelect
          label={t('fields.language')}
          choices={withCurrent(languages, value.language, value.language)}
          value={value.language}
          testId="new-language"
          placeholder={t('fields.any')}
          emptyReason=""
          onChange={(code) => onChange({ ...value, language: code })}
        />
      </div>
    </fieldset>
  );
}
