'use client';
// The curriculum's levels one after the other — framework → stage → grade, subject → unit → topic → objectives —
// each loaded from the read endpoints once the level before is chosen. With a framework, a grade and a subject
// chosen it yields curriculum metadata (lib/curriculum/schemas.ts metadataBody, without difficulty and language).
// Used by the content metadata picker (CurriculumPicker) and by Create with AI (components/ai/create/ObjectivePicker).
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useCurriculumList as useList } from './CurriculumFields';
import { CurriculumNotice, type CurriculumState } from './CurriculumNotice';
import { SearchableSelect } from './SearchableSelect';
import styles from './curriculum.module.css';

interface Node {
  code: string;
  name: string;
  country_code?: string | null;
  objective?: string;
}

/** What is chosen, as curriculum metadata. */
export interface CurriculumChoice {
  frameworkCode: string;
  frameworkName: string;
  countryCode: string;
  stageCode?: string;
  stageName?: string;
  gradeCode: string;
  gradeName: string;
  subjectCode: string;
  subjectName: string;
  topicCodes: string[];
  topicNames: string[];
  objectiveCodes: string[];
  objectiveDescriptions: string[];
}

type Level = 'fw' | 'stage' | 'grade' | 'subject' | 'unit' | 'topic';
/** what a change of each level clears (the levels that hang on it, and the objectives) */
const CLEARS: Record<Level, Level[]> = {
  fw: ['stage', 'grade', 'subject', 'unit', 'topic'],
  stage: ['grade', 'unit', 'topic'],
  grade: ['unit', 'topic'],
  subject: ['unit', 'topic'],
  unit: ['topic'],
  topic: [],
};

/**
 * The selects (test ids `<testIdPrefix>-framework` … `-topic`, the objectives `<testIdPrefix>-objectives`). `onChange`
 * gets the metadata once a framework, a grade and a subject are chosen (else null) and whether anything is chosen.
 */
export function CurriculumCascade({
  curriculum,
  testIdPrefix,
  onChange,
  frameworkPlaceholder,
}: {
  curriculum: CurriculumState;
  testIdPrefix: string;
  onChange: (value: CurriculumChoice | null, started: boolean) => void;
  /** the framework select's empty choice (default: "Choose…") */
  frameworkPlaceholder?: string;
}) {
  const t = useTranslations('curriculum');
  const [chosen, setChosen] = useState<Record<Level, string>>({ fw: '', stage: '', grade: '', subject: '', unit: '', topic: '' });
  const [objectives, setObjectives] = useState<string[]>([]);
  const { fw, stage, grade, subject, unit, topic } = chosen;
  const choose = (level: Level) => (v: string) => {
    setChosen((c) => ({ ...c, [level]: v, ...Object.fromEntries(CLEARS[level].map((l) => [l, ''])) }));
    setObjectives([]);
  };

  const e = encodeURIComponent;
  const frameworks = useList<Node>('/api/curriculum/frameworks');
  const stages = useList(fw ? `/api/curriculum/frameworks/${e(fw)}/stages` : null);
  const grades = useList(fw && stage ? `/api/curriculum/frameworks/${e(fw)}/stages/${e(stage)}/grades` : null);
  const subjects = useList(fw ? `/api/curriculum/frameworks/${e(fw)}/subjects` : null);
  const unitBase = fw && subject && grade ? `/api/curriculum/frameworks/${e(fw)}/subjects/${e(subject)}/grades/${e(grade)}/units` : null;
  const units = useList(unitBase);
  const topics = useList(unitBase && unit ? `${unitBase}/${e(unit)}/topics` : null);
  const objectiveList = useList<Node>(unitBase && unit && topic ? `${unitBase}/${e(unit)}/topics/${e(topic)}/objectives` : null);

  const none = curriculum.frameworks === 0;
  type Reason = 'frameworkFirst' | 'stageFirst' | 'unitFirst' | 'gradeAndSubjectFirst' | 'noStages' | 'noStageGrades' | 'noSubjects' | 'noUnits' | 'noTopics';
  const why = (parent: string | false, first: Reason, empty: Reason) => (none ? t('reason.noCurriculum') : t(`reason.${parent ? empty : first}`));
  const name = (list: Node[], code: string) => list.find((n) => n.code === code)?.name ?? code;

  const framework = frameworks.find((f) => f.code === fw);
  const picked = objectiveList.filter((o) => objectives.includes(o.code));
  const value: CurriculumChoice | null =
    fw && grade && subject
      ? {
          frameworkCode: fw,
          frameworkName: name(frameworks, fw),
          countryCode: framework?.country_code || 'XX',
          ...(stage ? { stageCode: stage, stageName: name(stages, stage) } : {}),
          gradeCode: grade,
          gradeName: name(grades, grade),
          subjectCode: subject,
          subjectName: name(subjects, subject),
          topicCodes: topic ? [topic] : [],
          topicNames: topic ? [name(topics, topic)] : [],
          objectiveCodes: picked.map((o) => o.code),
          objectiveDescriptions: picked.map((o) => (o.objective ?? o.name).slice(0, 500)),
        }
      : null;
  // the value is rebuilt each render: it is passed on when it changes
  const key = JSON.stringify([value, Boolean(fw)]);
  useEffect(() => {
    const [v, started] = JSON.parse(key) as [CurriculumChoice | null, boolean];
    onChange(v, started);
  }, [key, onChange]);

  const select = (level: Level, label: string, choices: Node[], id: string, emptyReason: string, placeholder?: string) => (
    <SearchableSelect
      label={label}
      choices={choices}
      value={chosen[level]}
      testId={`${testIdPrefix}-${id}`}
      emptyReason={emptyReason}
      {...(placeholder ? { placeholder } : {})}
      onChange={choose(level)}
    />
  );

  return (
    <>
      <CurriculumNotice state={curriculum} />
      <div className={styles.row}>
        {select('fw', t('fields.framework'), frameworks, 'framework', none ? t('reason.noCurriculum') : t('reason.loadingFrameworks'), frameworkPlaceholder)}
        {select('stage', t('fields.stage'), stages, 'stage', why(fw, 'frameworkFirst', 'noStages'))}
        {select('grade', t('fields.grade'), grades, 'grade', why(stage, 'stageFirst', 'noStageGrades'))}
        {select('subject', t('fields.subject'), subjects, 'subject', why(fw, 'frameworkFirst', 'noSubjects'))}
        {select('unit', t('fields.unit'), units, 'unit', why(fw && grade && subject, 'gradeAndSubjectFirst', 'noUnits'))}
        {select('topic', t('fields.topic'), topics, 'topic', why(unit, 'unitFirst', 'noTopics'))}
      </div>
      {objectiveList.length ? (
        <fieldset data-testid={`${testIdPrefix}-objectives`} className={styles.objectives}>
          <legend>{t('fields.objectives')}</legend>
          {objectiveList.map((o) => (
            <label key={o.code} className={styles.objective}>
              <input
                type="checkbox"
                checked={objectives.includes(o.code)}
                onChange={(ev) => setObjectives(ev.target.checked ? [...objectives, o.code] : objectives.filter((x) => x !== o.code))}
              />
              <span>{o.objective ?? o.name}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
