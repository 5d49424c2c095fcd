'use client';
// The optional curriculum objective of "Create with AI": framework → stage → grade, subject → unit → topic →
// objectives, from the synced curriculum (the read endpoints, as the content metadata picker does). With a
// framework, a grade and a subject chosen it yields the curriculum metadata the generation routes take
// (lib/curriculum/schemas.ts metadataBody); the item is written for those objectives and carries them.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useCurriculumList as useList } from '@/components/curriculum/CurriculumFields';
import { CurriculumNotice, type CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { SearchableSelect } from '@/components/curriculum/SearchableSelect';

interface Node {
  code: string;
  name: string;
  country_code?: string | null;
  objective?: string;
}

/** The curriculum metadata sent with a generation (metadataBody). */
export interface CurriculumObjective {
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

export function ObjectivePicker({ state, onChange }: { state: CurriculumState; onChange: (v: CurriculumObjective | null) => void }) {
  const t = useTranslations('curriculum');
  const ta = useTranslations('ai.curriculum');
  const [fw, setFw] = useState('');
  const [stage, setStage] = useState('');
  const [grade, setGrade] = useState('');
  const [subject, setSubject] = useState('');
  const [unit, setUnit] = useState('');
  const [topic, setTopic] = useState('');
  const [objectives, setObjectives] = useState<string[]>([]);

  const e = encodeURIComponent;
  const frameworks = useList<Node>('/api/curriculum/frameworks');
  const stages = useList(fw ? `/api/curriculum/frameworks/${e(fw)}/stages` : null);
  const grades = useList(fw && stage ? `/api/curriculum/frameworks/${e(fw)}/stages/${e(stage)}/grades` : null);
  const subjects = useList(fw ? `/api/curriculum/frameworks/${e(fw)}/subjects` : null);
  const unitBase = fw && subject && grade ? `/api/curriculum/frameworks/${e(fw)}/subjects/${e(subject)}/grades/${e(grade)}/units` : null;
  const units = useList(unitBase);
  const topics = useList(unitBase && unit ? `${unitBase}/${e(unit)}/topics` : null);
  const objectiveList = useList<Node>(unitBase && unit && topic ? `${unitBase}/${e(unit)}/topics/${e(topic)}/objectives` : null);

  const none = state.frameworks === 0;
  const why = (parent: string | false, first: 'frameworkFirst' | 'stageFirst' | 'unitFirst' | 'gradeAndSubjectFirst', empty: 'noStages' | 'noStageGrades' | 'noSubjects' | 'noUnits' | 'noTopics') =>
    none ? t('reason.noCurriculum') : t(`reason.${parent ? empty : first}`);
  const name = (list: Node[], code: string) => list.find((n) => n.code === code)?.name ?? code;

  const framework = frameworks.find((f) => f.code === fw);
  const value: CurriculumObjective | null =
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
          objectiveCodes: objectiveList.filter((o) => objectives.includes(o.code)).map((o) => o.code),
          objectiveDescriptions: objectiveList.filter((o) => objectives.includes(o.code)).map((o) => (o.objective ?? o.name).slice(0, 500)),
        }
      : null;
  const key = JSON.stringify(value);
  useEffect(() => {
    onChange(key === 'null' ? null : (JSON.parse(key) as CurriculumObjective));
    // the value is rebuilt each render: it is passed on when it changes
  }, [key, onChange]);

  const clear = () => {
    setFw('');
    setStage('');
    setGrade('');
    setSubject('');
    setUnit('');
    setTopic('');
    setObjectives([]);
  };

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
        <CurriculumNotice state={state} />
        <div className="toolbar" style={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <SearchableSelect
            label={t('fields.framework')}
            choices={frameworks}
            value={fw}
            testId="ai-curriculum-framework"
            placeholder={t('fields.none')}
            emptyReason={none ? t('reason.noCurriculum') : t('reason.loadingFrameworks')}
            onChange={(v) => {
              setFw(v);
              setStage('');
              setGrade('');
              setSubject('');
              setUnit('');
              setTopic('');
              setObjectives([]);
            }}
          />
          <SearchableSelect
            label={t('fields.stage')}
            choices={stages}
            value={stage}
            testId="ai-curriculum-stage"
            emptyReason={why(fw, 'frameworkFirst', 'noStages')}
            onChange={(v) => {
              setStage(v);
              setGrade('');
              setUnit('');
              setTopic('');
              setObjectives([]);
            }}
          />
          <SearchableSelect
            label={t('fields.grade')}
            choices={grades}
            value={grade}
            testId="ai-curriculum-grade"
            emptyReason={why(stage, 'stageFirst', 'noStageGrades')}
            onChange={(v) => {
              setGrade(v);
              setUnit('');
              setTopic('');
              setObjectives([]);
            }}
          />
          <SearchableSelect
            label={t('fields.subject')}
            choices={subjects}
            value={subject}
            testId="ai-curriculum-subject"
            emptyReason={why(fw, 'frameworkFirst', 'noSubjects')}
            onChange={(v) => {
              setSubject(v);
              setUnit('');
              setTopic('');
              setObjectives([]);
            }}
          />
          <SearchableSelect
            label={t('fields.unit')}
            choices={units}
            value={unit}
            testId="ai-curriculum-unit"
            emptyReason={why(fw && grade && subject, 'gradeAndSubjectFirst', 'noUnits')}
            onChange={(v) => {
              setUnit(v);
              setTopic('');
              setObjectives([]);
            }}
          />
          <SearchableSelect
            label={t('fields.topic')}
            choices={topics}
            value={topic}
            testId="ai-curriculum-topic"
            emptyReason={why(unit, 'unitFirst', 'noTopics')}
            onChange={(v) => {
              setTopic(v);
              setObjectives([]);
            }}
          />
        </div>
        {objectiveList.length ? (
          <fieldset data-testid="ai-curriculum-objectives" style={{ minWidth: 0 }}>
            <legend>{t('fields.objectives')}</legend>
            {objectiveList.map((o) => (
              <label key={o.code} style={{ fontWeight: 400, display: 'flex', gap: '0.5rem', alignItems: 'baseline', overflowWrap: 'anywhere' }}>
                <input
                  type="checkbox"
                  style={{ width: 'auto', flex: 'none' }}
                  checked={objectives.includes(o.code)}
                  onChange={(ev) => setObjectives(ev.target.checked ? [...objectives, o.code] : objectives.filter((x) => x !== o.code))}
                />
                <span>{o.objective ?? o.name}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {fw ? (
          <button type="button" className="secondary" onClick={clear} data-testid="ai-curriculum-clear" style={{ width: 'auto', marginTop: '0.5rem' }}>
            {ta('clear')}
          </button>
        ) : null}
      </fieldset>
    </details>
  );
}
