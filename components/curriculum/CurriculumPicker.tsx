'use client';
// Framework → stage → grade → subject → unit → topic → objectives, then saved as the content's curriculum
// metadata (POST /api/curriculum/content/:contentId/metadata). Each level loads from the read endpoints.
import { useEffect, useState } from 'react';
import { callApi } from '@/components/marketplace/client-api';

interface Node {
  code: string;
  name: string;
  country_code?: string | null;
  objective?: string;
}

function useList(token: string, path: string | null) {
  const [list, setList] = useState<Node[]>([]);
  useEffect(() => {
    if (!path) {
      setList([]);
      return;
    }
    let live = true;
    callApi<Node[]>(token, 'GET', path)
      .then((r) => live && setList(r.data))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [token, path]);
  return list;
}

function Picker({ label, list, value, onChange, testId }: { label: string; list: Node[]; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} disabled={list.length === 0} data-testid={testId}>
        <option value="">Choose…</option>
        {list.map((n) => (
          <option key={n.code} value={n.code}>
            {n.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CurriculumPicker({ token, contents }: { token: string; contents: { id: string; title: string }[] }) {
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
  const frameworks = useList(token, '/api/curriculum/frameworks');
  const stages = useList(token, fw ? `/api/curriculum/frameworks/${e(fw)}/stages` : null);
  const grades = useList(token, fw && stage ? `/api/curriculum/frameworks/${e(fw)}/stages/${e(stage)}/grades` : null);
  const subjects = useList(token, fw ? `/api/curriculum/frameworks/${e(fw)}/subjects` : null);
  const unitBase = fw && subject && grade ? `/api/curriculum/frameworks/${e(fw)}/subjects/${e(subject)}/grades/${e(grade)}/units` : null;
  const units = useList(token, unitBase);
  const topics = useList(token, unitBase && unit ? `${unitBase}/${e(unit)}/topics` : null);
  const objectiveList = useList(token, unitBase && unit && topic ? `${unitBase}/${e(unit)}/topics/${e(topic)}/objectives` : null);

  useEffect(() => {
    if (!contentId) return;
    callApi<Record<string, unknown> | null>(token, 'GET', `/api/curriculum/content/${e(contentId)}/metadata`)
      .then((r) => setCurrent(r.data))
      .catch(() => setCurrent(null));
  }, [token, contentId, status]);

  const name = (list: Node[], code: string) => list.find((n) => n.code === code)?.name ?? code;
  const framework = frameworks.find((f) => f.code === fw);
  const ready = contentId && fw && grade && subject;

  async function save() {
    const topicNode = topics.find((t) => t.code === topic);
    const chosen = objectiveList.filter((o) => objectives.includes(o.code));
    try {
      await callApi(token, 'POST', `/api/curriculum/content/${e(contentId)}/metadata`, {
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
      <Picker label="Framework" list={frameworks} value={fw} testId="pick-framework" onChange={(v) => { setFw(v); setStage(''); setGrade(''); setSubject(''); setUnit(''); setTopic(''); setObjectives([]); }} />
      <Picker label="Stage" list={stages} value={stage} testId="pick-stage" onChange={(v) => { setStage(v); setGrade(''); setUnit(''); setTopic(''); }} />
      <Picker label="Grade" list={grades} value={grade} testId="pick-grade" onChange={(v) => { setGrade(v); setUnit(''); setTopic(''); }} />
      <Picker label="Subject" list={subjects} value={subject} testId="pick-subject" onChange={(v) => { setSubject(v); setUnit(''); setTopic(''); }} />
      <Picker label="Unit" list={units} value={unit} testId="pick-unit" onChange={(v) => { setUnit(v); setTopic(''); setObjectives([]); }} />
      <Picker label="Topic" list={topics} value={topic} testId="pick-topic" onChange={(v) => { setTopic(v); setObjectives([]); }} />
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
        <select aria-label="Difficulty" value={difficulty} onChange={(ev) => setDifficulty(ev.target.value)}>
          <option value="easy">easy</option>
          <option value="medium">medium</option>
          <option value="hard">hard</option>
        </select>
        <input aria-label="Language" value={language} maxLength={10} onChange={(ev) => setLanguage(ev.target.value)} style={{ maxWidth: 100 }} />
      </div>
      <button type="button" className="primary" disabled={!ready} onClick={save} data-testid="save-metadata">
        Save curriculum metadata
      </button>
      {status ? <p data-testid="metadata-status">{status}</p> : null}
    </div>
  );
}
