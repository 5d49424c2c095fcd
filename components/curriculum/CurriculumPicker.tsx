'use client';
// Framework → stage → grade → subject → unit → topic → objectives, then saved as the content's curriculum
// metadata (POST /api/curriculum/content/:contentId/metadata). Each level loads from the read endpoints.
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { callApi } from '@/components/marketplace/client-api';
import { useToast } from '@/components/ui/Toaster';
import { DIFFICULTIES, isDifficulty, useCurriculumList as useList, useLanguageChoices } from './CurriculumFields';
import { CurriculumNotice, type CurriculumState } from './CurriculumNotice';
import { SearchableSelect } from './SearchableSelect';

interface Node {
  code: string;
  name: string;
  country_code?: string | null;
  objective?: string;
}

export function CurriculumPicker({ contents, curriculum }: { contents: { id: string; title: string }[]; curriculum: CurriculumState }) {
  const [contentId, setContentId] = useState(contents[0]?.id ?? '');
  const [fw, setFw] = useState('');
  const [stage, setStage] = useState('');
  const [grade, setGrade] = useState('');
  const [subject, setSubject] = useState('');
  const [unit, setUnit] = useState('');
  const [topic, setTopic] = useState('');
  const [objectives, setObjectives] = useState<string[]>([]);
  const [difficulty, setDifficulty] = useState('medium');
  const [language, setLanguage] = useState('en');
  const [current, setCurrent] = useState<Record<string, unknown> | null>(null);
  const [status, setStatus] = useState('');
  const t = useTranslations('curriculum');
  const format = useFormatter();
  const toast = useToast();
  const languages = useLanguageChoices();

  const e = encodeURIComponent;
  const frameworks = useList<Node>('/api/curriculum/frameworks');
  const stages = useList(fw ? `/api/curriculum/frameworks/${e(fw)}/stages` : null);
  const grades = useList(fw && stage ? `/api/curriculum/frameworks/${e(fw)}/stages/${e(stage)}/grades` : null);
  const subjects = useList(fw ? `/api/curriculum/frameworks/${e(fw)}/subjects` : null);
  const unitBase = fw && subject && grade ? `/api/curriculum/frameworks/${e(fw)}/subjects/${e(subject)}/grades/${e(grade)}/units` : null;
  const units = useList(unitBase);
  const topics = useList(unitBase && unit ? `${unitBase}/${e(unit)}/topics` : null);
  const objectiveList = useList<Node>(unitBase && unit && topic ? `${unitBase}/${e(unit)}/topics/${e(topic)}/objectives` : null);

  useEffect(() => {
    if (!contentId) return;
    callApi<Record<string, unknown> | null>('GET', `/api/curriculum/content/${e(contentId)}/metadata`)
      .then((r) => setCurrent(r.data))
      .catch(() => setCurrent(null));
  }, [contentId, status]);

  const none = curriculum.frameworks === 0;
  type Reason =
    | 'frameworkFirst'
    | 'stageFirst'
    | 'unitFirst'
    | 'gradeAndSubjectFirst'
    | 'noStages'
    | 'noStageGrades'
    | 'noSubjects'
    | 'noUnits'
    | 'noTopics';
  const why = (parent: string | false, first: Reason, empty: Reason) =>
    none ? t('reason.noCurriculum') : t(`reason.${parent ? empty : first}`);
  const name = (list: Node[], code: string) => list.find((n) => n.code === code)?.name ?? code;
  const framework = frameworks.find((f) => f.code === fw);
  const ready = contentId && fw && grade && subject;
  const currentDifficulty = current ? String(current.difficulty) : '';

  async function save() {
    const topicNode = topics.find((t) => t.code === topic);
    const chosen = objectiveList.filter((o) => objectives.includes(o.code));
    try {
      await callApi('POST', `/api/curriculum/content/${e(contentId)}/metadata`, {
        frameworkCode: fw,
        frameworkName: name(frameworks, fw),
        countryCode: framework?.country_code || 'XX',
        ...(stage ? { stageCode: stage, stageName: name(stages, stage) } : {}),
        gradeCode: grade,
        gradeName: name(grades, grade),
        subjectCode: subject,
        subjectName: name(subjects, subject),
        topicCodes: topicNode ? [topicNode.code] : [],
        topicNames: topicNode ? [topicNode.name] : [],
        objectiveCodes: chosen.map((o) => o.code),
        objectiveDescriptions: chosen.map((o) => (o.objective ?? '').slice(0, 500)),
        difficulty,
        language,
      });
      // the time on the user's clock (the app formats in UTC by default)
      setStatus(
        t('picker.savedAt', {
          time: format.dateTime(new Date(), { timeStyle: 'medium', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
        }),
      );
      toast({ title: t('picker.savedToast') });
    } catch (err) {
      const message = (err as Error).message;
      setStatus(t('picker.saveFailed', { message }));
      toast({ title: t('picker.saveFailedToast'), description: message, tone: 'error' });
    }
  }

  return (
    <div>
      <label>
        {t('fields.content')}
        <select value={contentId} onChange={(ev) => setContentId(ev.target.value)} data-testid="pick-content">
          {contents.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      {current ? (
        <p className="muted" data-testid="current-metadata">
          {t('picker.current', {
            framework: String(current.framework_name),
            grade: String(current.grade_name),
            subject: String(current.subject_name),
            difficulty: isDifficulty(currentDifficulty) ? t(`difficultyInline.${currentDifficulty}`) : currentDifficulty,
          })}
        </p>
      ) : (
        <p className="muted">{t('picker.noMetadata')}</p>
      )}
      <CurriculumNotice state={curriculum} />
      <div className="toolbar" style={{ alignItems: 'flex-start' }}>
        <SearchableSelect
          label={t('fields.framework')}
          choices={frameworks}
          value={fw}
          testId="pick-framework"
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
          testId="pick-stage"
          emptyReason={why(fw, 'frameworkFirst', 'noStages')}
          onChange={(v) => {
            setStage(v);
            setGrade('');
            setUnit('');
            setTopic('');
          }}
        />
        <SearchableSelect
          label={t('fields.grade')}
          choices={grades}
          value={grade}
          testId="pick-grade"
          emptyReason={why(stage, 'stageFirst', 'noStageGrades')}
          onChange={(v) => {
            setGrade(v);
            setUnit('');
            setTopic('');
          }}
        />
        <SearchableSelect
          label={t('fields.subject')}
          choices={subjects}
          value={subject}
          testId="pick-subject"
          emptyReason={why(fw, 'frameworkFirst', 'noSubjects')}
          onChange={(v) => {
            setSubject(v);
            setUnit('');
            setTopic('');
          }}
        />
        <SearchableSelect
          label={t('fields.unit')}
          choices={units}
          value={unit}
          testId="pick-unit"
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
          testId="pick-topic"
          emptyReason={why(unit, 'unitFirst', 'noTopics')}
          onChange={(v) => {
            setTopic(v);
            setObjectives([]);
          }}
        />
      </div>
      {objectiveList.length ? (
        <fieldset data-testid="pick-objectives">
          <legend>{t('fields.objectives')}</legend>
          {objectiveList.map((o) => (
            <label key={o.code} style={{ fontWeight: 400 }}>
              <input
                type="checkbox"
                style={{ width: 'auto' }}
                checked={objectives.includes(o.code)}
                onChange={(ev) => setObjectives(ev.target.checked ? [...objectives, o.code] : objectives.filter((x) => x !== o.code))}
              />{' '}
              {o.objective}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="toolbar">
        <label>
          {t('fields.difficulty')}
          <select value={difficulty} onChange={(ev) => setDifficulty(ev.target.value)} style={{ display: 'block' }}>
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {t(`difficultyInline.${d}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('fields.language')}
          <select value={language} onChange={(ev) => setLanguage(ev.target.value)} style={{ display: 'block' }} data-testid="pick-language">
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className="primary" disabled={!ready} onClick={save} data-testid="save-metadata">
        {t('picker.save')}
      </button>
      {status ? <p data-testid="metadata-status">{status}</p> : null}
    </div>
  );
}
