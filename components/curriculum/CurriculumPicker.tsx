'use client';
// Framework → stage → grade → subject → unit → topic → objectives, then saved as the content's curriculum
// metadata (POST /api/curriculum/content/:contentId/metadata). Each level loads from the read endpoints.
import { useEffect, useState } from 'react';
import { callApi } from '@/components/marketplace/client-api';
import { LANGUAGES, useCurriculumList as useList } from './CurriculumFields';
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
  const why = (parent: string | false, first: string, empty: string) => (none ? 'No curriculum to choose from (see above).' : parent ? empty : first);
  const name = (list: Node[], code: string) => list.find((n) => n.code === code)?.name ?? code;
  const framework = frameworks.find((f) => f.code === fw);
  const ready = contentId && fw && grade && subject;

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
      setStatus(`Saved at ${new Date().toLocaleTimeString()}`);
    } catch (err) {
      setStatus(`Save failed: ${(err as Error).message}`);
    }
  }

  return (
    <div>
      <label>
        Content
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
          Current: {String(current.framework_name)} · {String(current.grade_name)} · {String(current.subject_name)} · {String(current.difficulty)}
        </p>
      ) : (
        <p className="muted">No curriculum metadata yet.</p>
      )}
      <CurriculumNotice state={curriculum} />
      <div className="toolbar" style={{ alignItems: 'flex-start' }}>
        <SearchableSelect label="Framework" choices={frameworks} value={fw} testId="pick-framework" emptyReason={none ? 'No curriculum to choose from (see above).' : 'Loading frameworks…'} onChange={(v) => { setFw(v); setStage(''); setGrade(''); setSubject(''); setUnit(''); setTopic(''); setObjectives([]); }} />
        <SearchableSelect label="Stage" choices={stages} value={stage} testId="pick-stage" emptyReason={why(fw, 'Choose a framework first.', 'This framework has no stages.')} onChange={(v) => { setStage(v); setGrade(''); setUnit(''); setTopic(''); }} />
        <SearchableSelect label="Grade" choices={grades} value={grade} testId="pick-grade" emptyReason={why(stage, 'Choose a stage first.', 'This stage has no grades.')} onChange={(v) => { setGrade(v); setUnit(''); setTopic(''); }} />
        <SearchableSelect label="Subject" choices={subjects} value={subject} testId="pick-subject" emptyReason={why(fw, 'Choose a framework first.', 'This framework has no subjects.')} onChange={(v) => { setSubject(v); setUnit(''); setTopic(''); }} />
        <SearchableSelect label="Unit" choices={units} value={unit} testId="pick-unit" emptyReason={why(fw && grade && subject, 'Choose a grade and a subject first.', 'No units for this grade and subject.')} onChange={(v) => { setUnit(v); setTopic(''); setObjectives([]); }} />
        <SearchableSelect label="Topic" choices={topics} value={topic} testId="pick-topic" emptyReason={why(unit, 'Choose a unit first.', 'This unit has no topics.')} onChange={(v) => { setTopic(v); setObjectives([]); }} />
      </div>
      {objectiveList.length ? (
        <fieldset data-testid="pick-objectives">
          <legend>Objectives</legend>
          {objectiveList.map((o) => (
            <label key={o.code} style={{ fontWeight: 400 }}>
              <input type="checkbox" style={{ width: 'auto' }} checked={objectives.includes(o.code)} onChange={(ev) => setObjectives(ev.target.checked ? [...objectives, o.code] : objectives.filter((x) => x !== o.code))} /> {o.objective}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="toolbar">
        <label>
          Difficulty
          <select value={difficulty} onChange={(ev) => setDifficulty(ev.target.value)} style={{ display: 'block' }}>
            <option value="easy">easy</option>
            <option value="medium">medium</option>
            <option value="hard">hard</option>
          </select>
        </label>
        <label>
          Language
          <select value={language} onChange={(ev) => setLanguage(ev.target.value)} style={{ display: 'block' }} data-testid="pick-language">
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className="primary" disabled={!ready} onClick={save} data-testid="save-metadata">
        Save curriculum metadata
      </button>
      {status ? <p data-testid="metadata-status">{status}</p> : null}
    </div>
  );
}
