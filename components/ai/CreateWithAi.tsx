'use client';
// "Create with AI" (issue 13): a source (a topic, a pasted text, a web page, a PDF, an image or a video), a content
// type and its options, and optionally a curriculum objective. A synchronous source gives a draft (save: false,
// one AI credit) from POST /api/ai/generate, …/generate/url, …/generate/branching-scenario or
// …/generate/image-hotspots, shown readably for review with an editable title → saved with POST /h5p/content (the
// editor's path; the objective is saved as the item's curriculum metadata) → the editor. A PDF or a video runs as
// a job (components/ai/create/JobPanel.tsx) that saves the item itself. The sources and types the plan lacks show
// an upgrade prompt instead of their fields (decided on the server page). The credits left come from the server
// page first, then from each answer. Errors are shown in an alert that takes the focus; the form keeps what was
// typed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/shared/api';
import type { CurriculumState } from '@/components/curriculum/CurriculumNotice';
import { BloomsSelect, CreditsLine, Upgrade } from './parts';
import { AI_TYPES, aiErrorText, aiTypeName, creditsLeft, creditsUsedUp, type AiCredits, type AiType } from './shared';
import { postForm, type Draft, type Generated, type Job } from './create/api';
import { DraftView } from './create/DraftView';
import { JobPanel } from './create/JobPanel';
import { ObjectivePicker, type CurriculumObjective } from './create/ObjectivePicker';
import { type BloomLevel } from '@/lib/content/blooms';
import { AI_LIMITS, DIFFICULTIES } from '@/lib/ai/limits';

export type { AiCredits } from './shared';
export { textOf } from './create/DraftView';

/** a plan-gated source or type: allowed, else the name of the plan that unlocks it */
export interface AiFeatureGate {
  allowed: boolean;
  plan: string;
}
export interface CreateWithAiGates {
  url: AiFeatureGate;
  pdf: AiFeatureGate;
  image: AiFeatureGate;
  video: AiFeatureGate;
  branching: AiFeatureGate;
}

const SOURCES = ['topic', 'text', 'url', 'pdf', 'image', 'video'] as const;
type Source = (typeof SOURCES)[number];
const SOURCE_KEY = { topic: 'sourceTopic', text: 'sourceText', url: 'sourceUrl', pdf: 'sourcePdf', image: 'sourceImage', video: 'sourceVideo' } as const;
/** the plan gate of each gated source */
const SOURCE_GATE: Partial<Record<Source, keyof CreateWithAiGates>> = { url: 'url', pdf: 'pdf', image: 'image', video: 'video' };
const BRANCHING = 'branching';
type TypeChoice = AiType | typeof BRANCHING;

type CountKey =
  | 'blanks'
  | 'dragText'
  | 'markTheWords'
  | 'singleChoiceSet'
  | 'questionSet'
  | 'dialogcards'
  | 'summary'
  | 'accordion'
  | 'coursePresentation'
  | 'branching'
  | 'hotspots'
  | 'video';
/** the types whose size the number sets (questionCount), with their hint's key; multiple choice and true/false are one question */
const COUNTED: Partial<Record<TypeChoice, CountKey>> = {
  'H5P.Blanks': 'blanks',
  'H5P.DragText': 'dragText',
  'H5P.MarkTheWords': 'markTheWords',
  'H5P.SingleChoiceSet': 'singleChoiceSet',
  'H5P.QuestionSet': 'questionSet',
  'H5P.Dialogcards': 'dialogcards',
  'H5P.Summary': 'summary',
  'H5P.Accordion': 'accordion',
  'H5P.CoursePresentation': 'coursePresentation',
  branching: 'branching',
};
// the server's own limits (lib/ai/limits.ts), so the form refuses what the API would
const COUNT_MAX: Record<CountKey, number> = {
  blanks: AI_LIMITS.questionCount,
  dragText: AI_LIMITS.questionCount,
  markTheWords: AI_LIMITS.questionCount,
  singleChoiceSet: AI_LIMITS.questionCount,
  questionSet: AI_LIMITS.questionCount,
  dialogcards: AI_LIMITS.questionCount,
  summary: AI_LIMITS.questionCount,
  accordion: AI_LIMITS.questionCount,
  coursePresentation: AI_LIMITS.questionCount,
  branching: AI_LIMITS.branchingSteps,
  hotspots: AI_LIMITS.hotspots,
  video: AI_LIMITS.questionCount,
};
const TOPIC_MAX = AI_LIMITS.topic;
const TEXT_MAX = AI_LIMITS.text;
const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

const FIELD_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 13rem), 1fr))', gap: '0 1.25rem' } as const;
const FULL = { width: '100%' } as const;
const TEXTAREA = {
  width: '100%',
  padding: '0.6rem 0.75rem',
  border: '1px solid var(--border)',
  borderRadius: 8,
  font: 'inherit',
  resize: 'vertical',
} as const;
const RADIO_LABEL = { display: 'inline-flex', alignItems: 'center', gap: '0.4rem', margin: 0, fontWeight: 400, cursor: 'pointer' } as const;
const GROUP = { border: 0, padding: 0, margin: '0 0 0.25rem', minWidth: 0 } as const;
const LEGEND = { fontWeight: 600, padding: 0, marginBottom: '0.35rem' } as const;
const FILE = { width: '100%', maxWidth: '100%' } as const;

export function CreateWithAi({
  initialCredits,
  defaultLanguage,
  languages,
  gates,
  curriculum: curriculumState,
}: {
  initialCredits: AiCredits;
  /** the interface's language */
  defaultLanguage: string;
  /** the content languages offered, named in the interface's language */
  languages: { code: string; name: string }[];
  /** the plan-gated sources and types */
  gates: CreateWithAiGates;
  /** what the curriculum objective picker can offer */
  curriculum: CurriculumState;
}) {
  const t = useTranslations('ai');
  const [source, setSource] = useState<Source>('topic');
  const [topic, setTopic] = useState('');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [pdf, setPdf] = useState<File | null>(null);
  const [pages, setPages] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [imageTopic, setImageTopic] = useState('');
  const [videoFrom, setVideoFrom] = useState<'file' | 'url'>('file');
  const [video, setVideo] = useState<File | null>(null);
  const [videoUrl, setVideoUrl] = useState('');
  const [captions, setCaptions] = useState<File | null>(null);
  const [videoTitle, setVideoTitle] = useState('');
  const [type, setType] = useState<TypeChoice>('H5P.MultiChoice');
  const [count, setCount] = useState('5');
  const [language, setLanguage] = useState(defaultLanguage);
  const [difficulty, setDifficulty] = useState<(typeof DIFFICULTIES)[number]>('medium');
  const [blooms, setBlooms] = useState<BloomLevel | ''>('');
  const [objective, setObjective] = useState<CurriculumObjective | null>(null);
  const [credits, setCredits] = useState(initialCredits);
  const [busy, setBusy] = useState<'generate' | 'save' | null>(null);
  const [error, setError] = useState<{ at: 'form' | 'preview'; text: string; field?: string } | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [draftSource, setDraftSource] = useState<Generated['source'] | null>(null);
  /** the curriculum objective the shown draft was written for (saved with it) */
  const [draftObjective, setDraftObjective] = useState<CurriculumObjective | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [title, setTitle] = useState('');
  const titleRef = useRef<HTMLInputElement>(null);
  const previewTitleRef = useRef<HTMLHeadingElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  /** where the focus goes once the answer is on screen (set with the answer, applied after React has rendered it) */
  const [focus, setFocus] = useState<{ to: 'preview' | 'error' | 'field'; id?: string; n: number } | null>(null);

  useEffect(() => {
    if (!focus) return;
    if (focus.to === 'preview') {
      // the new preview takes the focus (and scrolls into view) so keyboard and screen-reader users land on it
      previewTitleRef.current?.scrollIntoView({ block: 'start' });
      previewTitleRef.current?.focus();
    } else if (focus.to === 'field' && focus.id) {
      document.getElementById(focus.id)?.focus();
    } else {
      // an error the API gave: the alert takes the focus
      document.querySelector<HTMLElement>('[data-testid="ai-error"]')?.focus();
    }
  }, [focus]);
  const focusOn = (to: 'preview' | 'error' | 'field', id?: string) => setFocus((f) => ({ to, id, n: (f?.n ?? 0) + 1 }));

  const left = creditsLeft(credits);
  const noCredits = left <= 0;
  const gate = SOURCE_GATE[source] ? gates[SOURCE_GATE[source]] : type === BRANCHING && (source === 'topic' || source === 'text') ? gates.branching : null;
  const blocked = gate !== null && !gate.allowed;
  const isJob = source === 'pdf' || source === 'video';
  /** the types a source offers: a fixed one for an image or a video */
  const typeChoices: TypeChoice[] = source === 'topic' || source === 'text' ? [...AI_TYPES, BRANCHING] : [...AI_TYPES];
  const fixedType = source === 'image' ? 'H5P.ImageHotspots' : source === 'video' ? 'H5P.InteractiveVideo' : null;
  const effectiveType: TypeChoice = typeChoices.includes(type) ? type : 'H5P.MultiChoice';
  const counted: CountKey | undefined = source === 'image' ? 'hotspots' : source === 'video' ? 'video' : COUNTED[effectiveType];
  const max = counted ? COUNT_MAX[counted] : AI_LIMITS.questionCount;
  const languageName = (code: string) => languages.find((l) => l.code === code)?.name ?? code;
  const typeLabel = (ty: TypeChoice) => (ty === BRANCHING ? t('types.branchingScenario') : aiTypeName(t, ty));

  const changeSource = (s: Source) => {
    setSource(s);
    setError(null);
  };

  /** a validation error: shown in the alert, the field marked and focused */
  const invalid = (field: string, message: string) => {
    setError({ at: 'form', text: message, field });
    focusOn('field', field);
  };

  /** the form's values checked; the request to send, or null (the error is shown) */
  const request = (): { path: string; body: FormData | Record<string, unknown>; job: boolean } | null => {
    const n = Math.min(max, Math.max(1, Math.round(Number(count)) || 5));
    if (counted) setCount(String(n));
    const options = { language, difficulty, ...(blooms ? { bloomsLevel: blooms } : {}), ...(counted ? { questionCount: n } : {}) };
    const curriculum = objective ? { curriculum: { ...objective, difficulty, language } } : {};
    // multipart routes take the objective as JSON
    const curriculumJson = objective ? JSON.stringify(curriculum.curriculum) : null;
    const form = (fields: Record<string, string | Blob | null | undefined>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ ...options, ...fields }) as [string, unknown][]) {
        if (v === null || v === undefined || v === '') continue;
        if (v instanceof File) f.append(k, v, v.name);
        else if (v instanceof Blob) f.append(k, v, k);
        else if (typeof v === 'string' || typeof v === 'number') f.append(k, String(v));
      }
      return f;
    };
    const tooBig = (field: string, file: File, mb: number) => (file.size > mb * MB ? (invalid(field, t('errors.tooBig', { name: file.name, max: mb })), true) : false);
    const httpUrl = (v: string) => /^https?:\/\/\S+$/i.test(v);
    switch (source) {
      case 'topic':
      case 'text': {
        const value = (source === 'topic' ? topic : text).trim();
        if (!value) return invalid(`ai-${source}`, source === 'topic' ? t('errors.topicRequired') : t('errors.textRequired')), null;
        const from = source === 'topic' ? { topic: value } : { text: value };
        if (effectiveType === BRANCHING) return { path: '/api/ai/generate/branching-scenario', body: { ...from, ...options, ...curriculum, save: false }, job: false };
        return { path: '/api/ai/generate', body: { contentType: effectiveType, ...from, ...options, ...curriculum, save: false }, job: false };
      }
      case 'url': {
        const value = url.trim();
        if (!value) return invalid('ai-url', t('errors.urlRequired')), null;
        if (!httpUrl(value)) return invalid('ai-url', t('errors.urlInvalid')), null;
        return { path: '/api/ai/generate/url', body: { contentType: effectiveType, url: value, ...options, ...curriculum, save: false }, job: false };
      }
      case 'pdf':
        if (!pdf) return invalid('ai-pdf', t('errors.pdfRequired')), null;
        if (tooBig('ai-pdf', pdf, AI_LIMITS.pdfBytes / MB)) return null;
        return { path: '/api/ai/jobs/pdf', body: form({ file: pdf, contentType: effectiveType, pages: pages.trim(), curriculum: curriculumJson }), job: true };
      case 'image':
        if (!image) return invalid('ai-image', t('errors.imageRequired')), null;
        if (image.type && !IMAGE_TYPES.includes(image.type)) return invalid('ai-image', t('errors.imageType')), null;
        if (tooBig('ai-image', image, AI_LIMITS.imageBytes / MB)) return null;
        return { path: '/api/ai/generate/image-hotspots', body: form({ image, topic: imageTopic.trim(), save: 'false', curriculum: curriculumJson }), job: false };
      case 'video': {
        if (captions && tooBig('ai-captions', captions, AI_LIMITS.captionsBytes / MB)) return null;
        const rest = { captions, title: videoTitle.trim(), curriculum: curriculumJson };
        if (videoFrom === 'url') {
          const value = videoUrl.trim();
          if (!httpUrl(value)) return invalid('ai-video-url', t('errors.videoUrlRequired')), null;
          return { path: '/api/ai/jobs/video', body: form({ videoUrl: value, ...rest }), job: true };
        }
        if (!video) return invalid('ai-video', t('errors.videoRequired')), null;
        if (tooBig('ai-video', video, (captions ? AI_LIMITS.videoBytes : AI_LIMITS.transcribeBytes) / MB)) return null;
        return { path: '/api/ai/jobs/video', body: form({ video, ...rest }), job: true };
      }
    }
  };

  const generate = async (from: 'form' | 'preview') => {
    if (busy || blocked || noCredits) return;
    setError(null);
    const req = request();
    if (!req) return;
    setBusy('generate');
    if (from === 'preview') requestAnimationFrame(() => progressRef.current?.scrollIntoView({ block: 'nearest' }));
    try {
      if (req.job) {
        setJob(null);
        const { data } = await postForm<Job>(req.path, req.body as FormData);
        setDraft(null);
        setJob(data);
        setBusy(null);
        return;
      }
      const { data } =
        req.body instanceof FormData ? await postForm<Generated>(req.path, req.body) : await callApi<Generated>('POST', req.path, req.body);
      setDraft(data.draft);
      setDraftSource(data.source ?? null);
      setDraftObjective(objective);
      setTitle(data.draft.metadata.title);
      setCredits(data.credits);
      setJob(null);
      setBusy(null);
      focusOn('preview');
    } catch (err) {
      const message = (err as Error).message;
      if (message === 'AI generation limit reached') setCredits(creditsUsedUp);
      setError({ at: from, text: aiErrorText(t, message) });
      setBusy(null);
      focusOn('error');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void generate('form');
  };

  const save = async () => {
    if (!draft || busy) return;
    setError(null);
    const name = title.trim();
    if (!name) {
      setError({ at: 'preview', text: t('errors.titleRequired'), field: 'ai-title' });
      titleRef.current?.focus();
      return;
    }
    setBusy('save');
    try {
      const { data } = await callApi<{ contentId: string }>('POST', '/h5p/content', {
        library: draft.library,
        params: draft.params,
        metadata: { ...draft.metadata, title: name },
        ...(draft.tempImageFiles?.length ? { tempImageFiles: draft.tempImageFiles } : {}),
      });
      // written for a curriculum objective: the item carries it (as generating with save: true does); the editor opens either way
      if (draftObjective) {
        await callApi('POST', `/api/curriculum/content/${encodeURIComponent(data.contentId)}/metadata`, {
          ...draftObjective,
          difficulty,
          language: draft.metadata.language,
        }).catch(() => undefined);
      }
      // the busy state stays while the editor loads
      window.location.assign(`/content/${encodeURIComponent(data.contentId)}/edit`);
    } catch (err) {
      setError({ at: 'preview', text: aiErrorText(t, (err as Error).message) });
      setBusy(null);
      focusOn('error');
    }
  };

  const errorBox = (at: 'form' | 'preview') =>
    error?.at === at ? (
      <p id={`ai-error-${at}`} className="error" role="alert" tabIndex={-1} data-testid="ai-error" style={{ overflowWrap: 'anywhere' }}>
        {error.text}
      </p>
    ) : null;
  /** a field's description: its hint, and the error when it is about this field */
  const describedBy = (id: string, hint = `${id}-hint`) => `${hint}${error?.at === 'form' && error.field === id ? ' ai-error-form' : ''}`;
  const invalidField = (id: string) => (error?.at === 'form' && error.field === id ? true : undefined);
  const fileInput = (id: string, label: string, accept: string, onFile: (f: File | null) => void, hint: string, required = true) => (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={id}
        type="file"
        accept={accept}
        required={required}
        style={FILE}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        aria-describedby={describedBy(id)}
        aria-invalid={invalidField(id)}
      />
      <small id={`${id}-hint`} className="muted">
        {hint}
      </small>
    </div>
  );

  return (
    <>
      <form className="card" onSubmit={submit} aria-labelledby="ai-form-title" data-testid="ai-form" noValidate style={{ minWidth: 0 }}>
        <h2 id="ai-form-title" style={{ marginTop: 0 }}>
          {t('form.title')}
        </h2>
        <fieldset style={GROUP}>
          <legend style={LEGEND}>{t('form.source')}</legend>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
            {SOURCES.map((s) => {
              const g = SOURCE_GATE[s] ? gates[SOURCE_GATE[s]] : null;
              return (
                <label key={s} style={RADIO_LABEL}>
                  <input type="radio" name="ai-source" value={s} checked={source === s} onChange={() => changeSource(s)} data-testid={`ai-source-${s}`} />
                  {t(`form.${SOURCE_KEY[s]}`)}
                  {g && !g.allowed ? (
                    <span className="plan-badge" style={{ textTransform: 'none' }}>
                      {t('form.planBadge', { plan: g.plan })}
                    </span>
                  ) : null}
                </label>
              );
            })}
          </div>
        </fieldset>

        {SOURCE_GATE[source] && blocked ? (
          <Upgrade plan={gate?.plan ?? ''} />
        ) : (
          <>
            {source === 'topic' ? (
              <div>
                <label htmlFor="ai-topic">{t('form.topic')}</label>
                <input
                  id="ai-topic"
                  data-testid="ai-topic"
                  value={topic}
                  onChange={(e) => setTopic(e.target.value)}
                  maxLength={TOPIC_MAX}
                  required
                  autoComplete="off"
                  aria-describedby={describedBy('ai-topic')}
                  aria-invalid={invalidField('ai-topic')}
                />
                <small id="ai-topic-hint" className="muted">
                  {t('form.topicHint')}
                </small>
              </div>
            ) : source === 'text' ? (
              <div>
                <label htmlFor="ai-text">{t('form.text')}</label>
                <textarea
                  id="ai-text"
                  data-testid="ai-text"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  maxLength={TEXT_MAX}
                  rows={8}
                  required
                  style={TEXTAREA}
                  aria-describedby={describedBy('ai-text')}
                  aria-invalid={invalidField('ai-text')}
                />
                <small id="ai-text-hint" className="muted">
                  {t('form.textHint')}
                </small>
              </div>
            ) : source === 'url' ? (
              <div>
                <label htmlFor="ai-url">{t('form.url')}</label>
                <input
                  id="ai-url"
                  data-testid="ai-url"
                  type="url"
                  inputMode="url"
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                  maxLength={AI_LIMITS.url}
                  required
                  autoComplete="url"
                  aria-describedby={describedBy('ai-url')}
                  aria-invalid={invalidField('ai-url')}
                />
                <small id="ai-url-hint" className="muted" style={{ overflowWrap: 'anywhere' }}>
                  {t('form.urlHint')}
                </small>
              </div>
            ) : source === 'pdf' ? (
              <div style={FIELD_GRID}>
                {fileInput('ai-pdf', t('form.pdf'), 'application/pdf,.pdf', setPdf, t('form.pdfHint'))}
                <div>
                  <label htmlFor="ai-pages">{t('form.pages')}</label>
                  <input
                    id="ai-pages"
                    data-testid="ai-pages"
                    value={pages}
                    onChange={(e) => setPages(e.target.value)}
                    maxLength={AI_LIMITS.pages}
                    autoComplete="off"
                    aria-describedby="ai-pages-hint"
                  />
                  <small id="ai-pages-hint" className="muted">
                    {t('form.pagesHint')}
                  </small>
                </div>
              </div>
            ) : source === 'image' ? (
              <div style={FIELD_GRID}>
                {fileInput('ai-image', t('form.image'), 'image/png,image/jpeg,image/gif', setImage, t('form.imageHint'))}
                <div>
                  <label htmlFor="ai-image-topic">{t('form.imageTopic')}</label>
                  <input
                    id="ai-image-topic"
                    data-testid="ai-image-topic"
                    value={imageTopic}
                    onChange={(e) => setImageTopic(e.target.value)}
                    maxLength={TOPIC_MAX}
                    autoComplete="off"
                  />
                </div>
              </div>
            ) : (
              <>
                <fieldset style={GROUP}>
                  <legend style={LEGEND}>{t('form.videoFrom')}</legend>
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
                    {(['file', 'url'] as const).map((v) => (
                      <label key={v} style={RADIO_LABEL}>
                        <input type="radio" name="ai-video-from" value={v} checked={videoFrom === v} onChange={() => setVideoFrom(v)} data-testid={`ai-video-from-${v}`} />
                        {v === 'file' ? t('form.videoFile') : t('form.videoLink')}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div style={FIELD_GRID}>
                  {videoFrom === 'file' ? (
                    fileInput('ai-video', t('form.video'), 'video/mp4,video/webm,video/ogg', setVideo, t('form.videoHint'))
                  ) : (
                    <div>
                      <label htmlFor="ai-video-url">{t('form.videoUrl')}</label>
                      <input
                        id="ai-video-url"
                        data-testid="ai-video-url"
                        type="url"
                        inputMode="url"
                        value={videoUrl}
                        onChange={(e) => setVideoUrl(e.target.value)}
                        maxLength={AI_LIMITS.url}
                        required
                        autoComplete="off"
                        aria-describedby={describedBy('ai-video-url')}
                        aria-invalid={invalidField('ai-video-url')}
                      />
                      <small id="ai-video-url-hint" className="muted">
                        {t('form.videoUrlHint')}
                      </small>
                    </div>
                  )}
                  {fileInput('ai-captions', t('form.captions'), 'text/vtt,.vtt', setCaptions, t('form.captionsHint'), false)}
                  <div>
                    <label htmlFor="ai-video-title">{t('form.videoTitle')}</label>
                    <input
                      id="ai-video-title"
                      data-testid="ai-video-title"
                      value={videoTitle}
                      onChange={(e) => setVideoTitle(e.target.value)}
                      maxLength={AI_LIMITS.title}
                      autoComplete="off"
                    />
                  </div>
                </div>
              </>
            )}

            <div style={FIELD_GRID}>
              {fixedType ? (
                <p data-testid="ai-fixed-type" style={{ margin: '0.75rem 0' }}>
                  {t('form.fixedType', { type: aiTypeName(t, fixedType) })}
                </p>
              ) : (
                <div>
                  <label htmlFor="ai-type">{t('form.type')}</label>
                  <select id="ai-type" data-testid="ai-type" value={effectiveType} onChange={(e) => setType(e.target.value as TypeChoice)} style={FULL}>
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
                    value={count}
                    onChange={(e) => setCount(e.target.value)}
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
                    <select id="ai-language" data-testid="ai-language" value={language} onChange={(e) => setLanguage(e.target.value)} style={FULL}>
                      {languages.map((l) => (
                        <option key={l.code} value={l.code} lang={l.code}>
                          {l.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor="ai-difficulty">{t('form.difficulty')}</label>
                    <select
                      id="ai-difficulty"
                      data-testid="ai-difficulty"
                      value={difficulty}
                      onChange={(e) => setDifficulty(e.target.value as (typeof DIFFICULTIES)[number])}
                      style={FULL}
                    >
                      {DIFFICULTIES.map((d) => (
                        <option key={d} value={d}>
                          {t(`difficulties.${d}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor="ai-blooms">{t('form.blooms')}</label>
                    <BloomsSelect id="ai-blooms" value={blooms} onChange={setBlooms} anyLabel={t('form.bloomsAny')} style={FULL} />
                  </div>
                </div>
                <ObjectivePicker state={curriculumState} onChange={setObjective} />
                {isJob ? (
                  <p className="muted" id="ai-job-hint" style={{ margin: '0.5rem 0' }}>
                    {t('form.jobHint')}
                  </p>
                ) : null}
              </>
            )}
          </>
        )}

        {errorBox('form')}
        {blocked ? null : (
          <button
            type="submit"
            className="primary"
            disabled={busy !== null || noCredits}
            aria-describedby={isJob ? 'ai-credits ai-job-hint' : 'ai-credits'}
            data-testid="ai-generate"
          >
            {isJob ? t('form.start') : t('form.generate')}
          </button>
        )}
        <CreditsLine
          id="ai-credits"
          testId="ai-credits"
          credits={credits}
          cost={isJob ? t('credits.costJob') : t('credits.cost')}
          style={noCredits ? { margin: '0.75rem 0 0' } : { margin: '0.5rem 0 0', textAlign: 'center' }}
        />
        <div
          ref={progressRef}
          role="status"
          aria-live="polite"
          data-testid="ai-progress"
          style={{ marginTop: busy === 'generate' ? '0.75rem' : 0 }}
        >
          {busy === 'generate' ? (
            <>
              <p id="ai-progress-text" style={{ margin: '0 0 0.35rem', fontWeight: 600 }}>
                {isJob ? t('form.starting') : t('form.generating')}
              </p>
              <progress aria-labelledby="ai-progress-text" />
            </>
          ) : null}
        </div>
      </form>

      {job ? <JobPanel key={job.id} initial={job} setCredits={setCredits} /> : null}

      {draft ? (
        <section
          className="card"
          aria-labelledby="ai-preview-title"
          data-testid="ai-preview"
          aria-busy={busy === 'generate'}
          style={{ minWidth: 0, ...(busy === 'generate' ? { opacity: 0.6 } : {}) }}
        >
          <h2 id="ai-preview-title" ref={previewTitleRef} tabIndex={-1} style={{ marginTop: 0 }}>
            {t('preview.title')}
          </h2>
          <p className="muted">{t('preview.help')}</p>
          <label htmlFor="ai-title">{t('preview.titleLabel')}</label>
          <input
            id="ai-title"
            ref={titleRef}
            data-testid="ai-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={255}
            required
            autoComplete="off"
            aria-describedby={error?.at === 'preview' ? 'ai-error-preview' : undefined}
            aria-invalid={error?.field === 'ai-title' ? true : undefined}
          />
          <dl className="facts" style={{ marginTop: '0.75rem', overflowWrap: 'anywhere' }}>
            <dt>{t('preview.type')}</dt>
            <dd data-testid="ai-preview-type">{aiTypeName(t, draft.library)}</dd>
            <dt>{t('preview.language')}</dt>
            <dd>{languageName(draft.metadata.language)}</dd>
            {draftSource ? (
              <>
                <dt>{t('preview.source')}</dt>
                <dd>
                  <a href={draftSource.url} target="_blank" rel="noopener noreferrer">
                    {draftSource.title || draftSource.url}
                  </a>
                </dd>
              </>
            ) : null}
            {draftObjective ? (
              <>
                <dt>{t('curriculum.legend')}</dt>
                <dd>{t('curriculum.chosen', { framework: draftObjective.frameworkName, grade: draftObjective.gradeName, subject: draftObjective.subjectName })}</dd>
              </>
            ) : null}
          </dl>
          <DraftView draft={draft} />
          {errorBox('preview')}
          <div className="inline-form" style={{ marginTop: '1.25rem', flexWrap: 'wrap' }}>
            <button
              type="button"
              className="primary"
              style={{ width: 'auto', flex: '1 1 12rem', margin: 0 }}
              disabled={busy !== null}
              onClick={() => void save()}
              data-testid="ai-save"
            >
              {t('preview.save')}
            </button>
            <button
              type="button"
              className="secondary"
              style={{ flex: '1 1 12rem', padding: '0.7rem' }}
              disabled={busy !== null || noCredits || blocked}
              onClick={() => void generate('preview')}
              aria-describedby="ai-again-hint"
              data-testid="ai-again"
            >
              {t('preview.again')}
            </button>
          </div>
          <p id="ai-again-hint" className="muted" style={{ fontSize: '0.9rem', margin: '0.5rem 0 0' }}>
            {t('preview.againHint')}
          </p>
          <p
            role="status"
            aria-live="polite"
            data-testid="ai-save-status"
            style={{ margin: busy === 'save' ? '0.5rem 0 0' : 0, fontWeight: 600 }}
          >
            {busy === 'save' ? t('form.saving') : ''}
          </p>
        </section>
      ) : null}
    </>
  );
}
