'use client';
// "Create with AI" (issue 13 item 6): a topic or a pasted text, a content type and its options → a draft from
// POST /api/ai/generate (save: false, one AI credit), shown readably for review with an editable title → saved with
// POST /h5p/content (the editor's path) → the editor. The credits left come from the server page first, then from
// each answer. Every call goes through callApi with the session cookie; its errors are shown in an alert, and the
// form keeps what was typed.
import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { callApi } from '@/components/marketplace/client-api';
import {
  AI_TYPES as TYPES,
  AI_TYPE_KEY as TYPE_KEY,
  BLOOMS,
  aiErrorText,
  creditsLeft,
  creditsUsedUp,
  type AiCredits,
  type AiType,
} from './shared';

export type { AiCredits } from './shared';
/** the types whose size the number of items sets (questionCount), with their hint's key */
const COUNTED: Partial<Record<AiType, 'blanks' | 'dragText' | 'markTheWords'>> = {
  'H5P.Blanks': 'blanks',
  'H5P.DragText': 'dragText',
  'H5P.MarkTheWords': 'markTheWords',
};
const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
const TOPIC_MAX = 500;
const TEXT_MAX = 50_000;

interface Draft {
  library: string;
  params: Record<string, unknown>;
  metadata: { title: string; language: string };
}
interface Generated {
  contentId: string | null;
  draft: Draft;
  credits: AiCredits;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of a piece of H5P HTML (`<p>…</p>`, escaped text): tags dropped, block ends as line breaks, entities decoded. */
export function textOf(html: unknown): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A text with its `*answers*` highlighted: an answer's alternatives (a/b) shown, its tip (after a colon) left out. */
function Starred({ text }: { text: string }) {
  const parts = text.split(/\*([^*\n]+)\*/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 ? (
          <mark key={i} style={MARK}>
            {(part.split(':')[0] ?? part)
              .split('/')
              .map((s) => s.trim())
              .join(' / ')}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

const MARK = {
  background: 'color-mix(in srgb, var(--brand) 16%, var(--card))',
  color: 'var(--fg)',
  borderBottom: '2px solid var(--brand)',
  borderRadius: 4,
  padding: '0 0.25rem',
  fontWeight: 600,
} as const;
const BLOCK = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '0.25rem 0 0.75rem' } as const;
const HEADING = { fontSize: '1rem', margin: '1rem 0 0.25rem' } as const;
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

/** The draft, readable per content type. */
function DraftView({ draft }: { draft: Draft }) {
  const t = useTranslations('ai.preview');
  const type = draft.library.split(' ')[0];
  const p = draft.params;
  switch (type) {
    case 'H5P.MultiChoice': {
      const answers = Array.isArray(p.answers) ? (p.answers as { text?: unknown; correct?: unknown }[]) : [];
      return (
        <>
          <h3 style={HEADING}>{t('question')}</h3>
          <p style={BLOCK} data-testid="ai-question">
            {textOf(p.question)}
          </p>
          <h3 style={HEADING}>{t('answers')}</h3>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.4rem' }}>
            {answers.map((a, i) => (
              <li
                key={i}
                data-testid="ai-answer"
                data-correct={a.correct === true ? 'true' : 'false'}
                style={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  gap: '0.75rem',
                  padding: '0.5rem 0.75rem',
                  borderRadius: 8,
                  border: a.correct === true ? '2px solid var(--brand)' : '1px solid var(--border)',
                  overflowWrap: 'anywhere',
                }}
              >
                <span>{textOf(a.text)}</span>
                {a.correct === true ? (
                  <span className="plan-badge" style={{ textTransform: 'none', flex: 'none' }}>
                    <span aria-hidden="true">✓ </span>
                    {t('correct')}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      );
    }
    case 'H5P.TrueFalse':
      return (
        <>
          <h3 style={HEADING}>{t('statement')}</h3>
          <p style={BLOCK} data-testid="ai-question">
            {textOf(p.question)}
          </p>
          <h3 style={HEADING}>{t('answer')}</h3>
          <p style={BLOCK} data-testid="ai-truefalse">
            <span className="plan-badge" style={{ textTransform: 'none' }}>
              {p.correct === 'true' || p.correct === true ? t('true') : t('false')}
            </span>
          </p>
        </>
      );
    case 'H5P.Blanks': {
      const questions = Array.isArray(p.questions) ? p.questions : [];
      return (
        <>
          <h3 style={HEADING}>{t('instructions')}</h3>
          <p style={BLOCK}>{textOf(p.text)}</p>
          <h3 style={HEADING}>{t('sentences')}</h3>
          <p className="muted" style={{ margin: '0 0 0.5rem' }}>
            {t('blanksHelp')}
          </p>
          <ol style={{ paddingLeft: '1.4rem', margin: 0, display: 'grid', gap: '0.4rem', overflowWrap: 'anywhere' }}>
            {questions.map((q, i) => (
              <li key={i} data-testid="ai-sentence" style={{ lineHeight: 1.7 }}>
                <Starred text={textOf(q)} />
              </li>
            ))}
          </ol>
        </>
      );
    }
    case 'H5P.DragText':
    case 'H5P.MarkTheWords':
      return (
        <>
          <h3 style={HEADING}>{t('instructions')}</h3>
          <p style={BLOCK}>{textOf(p.taskDescription)}</p>
          <h3 style={HEADING}>{t('text')}</h3>
          <p className="muted" style={{ margin: '0 0 0.5rem' }}>
            {type === 'H5P.DragText' ? t('dragTextHelp') : t('markTheWordsHelp')}
          </p>
          <p style={{ ...BLOCK, lineHeight: 1.7 }} data-testid="ai-text-preview">
            {/* textField is plain text with line breaks; a tag-stripped copy covers one that arrives as HTML */}
            <Starred text={textOf(p.textField)} />
          </p>
        </>
      );
    default:
      return <p className="muted">{t('unknown')}</p>;
  }
}

export function CreateWithAi({
  initialCredits,
  defaultLanguage,
  languages,
}: {
  initialCredits: AiCredits;
  /** the interface's language */
  defaultLanguage: string;
  /** the content languages offered, named in the interface's language */
  languages: { code: string; name: string }[];
}) {
  const t = useTranslations('ai');
  const [source, setSource] = useState<'topic' | 'text'>('topic');
  const [topic, setTopic] = useState('');
  const [text, setText] = useState('');
  const [type, setType] = useState<AiType>('H5P.MultiChoice');
  const [count, setCount] = useState('5');
  const [language, setLanguage] = useState(defaultLanguage);
  const [difficulty, setDifficulty] = useState<(typeof DIFFICULTIES)[number]>('medium');
  const [blooms, setBlooms] = useState<(typeof BLOOMS)[number] | ''>('');
  const [credits, setCredits] = useState(initialCredits);
  const [busy, setBusy] = useState<'generate' | 'save' | null>(null);
  const [error, setError] = useState<{ at: 'form' | 'preview'; text: string } | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [title, setTitle] = useState('');
  const topicRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const previewTitleRef = useRef<HTMLHeadingElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const againRef = useRef<HTMLButtonElement>(null);
  const generateRef = useRef<HTMLButtonElement>(null);
  /** where the focus goes once the answer is on screen (set with the answer, applied after React has rendered it) */
  const [focus, setFocus] = useState<{ to: 'preview' | 'again' | 'generate'; n: number } | null>(null);

  useEffect(() => {
    if (!focus) return;
    if (focus.to === 'preview') {
      // the new preview takes the focus (and scrolls into view) so keyboard and screen-reader users land on it
      previewTitleRef.current?.scrollIntoView({ block: 'start' });
      previewTitleRef.current?.focus();
    } else {
      // the button that was pressed was disabled meanwhile: it gets the focus back
      (focus.to === 'again' ? againRef.current : generateRef.current)?.focus();
    }
  }, [focus]);

  const left = creditsLeft(credits);
  const noCredits = left <= 0;
  const counted = COUNTED[type];
  const typeName = (library: string) => {
    const machineName = library.split(' ')[0] ?? '';
    return machineName in TYPE_KEY ? t(`types.${TYPE_KEY[machineName as AiType]}`) : library;
  };
  const languageName = (code: string) => languages.find((l) => l.code === code)?.name ?? code;

  /** the API's error text as a sentence for the user */
  const explain = (message: string): string => aiErrorText(t, message);

  const generate = async (from: 'form' | 'preview') => {
    setError(null);
    const value = (source === 'topic' ? topic : text).trim();
    if (!value) {
      setError({ at: 'form', text: source === 'topic' ? t('errors.topicRequired') : t('errors.textRequired') });
      (source === 'topic' ? topicRef.current : textRef.current)?.focus();
      return;
    }
    const n = Math.min(20, Math.max(1, Math.round(Number(count)) || 5));
    if (counted) setCount(String(n));
    const body = {
      contentType: type,
      ...(source === 'topic' ? { topic: value } : { text: value }),
      language,
      difficulty,
      ...(blooms ? { bloomsLevel: blooms } : {}),
      ...(counted ? { questionCount: n } : {}),
      save: false,
    };
    setBusy('generate');
    if (from === 'preview') requestAnimationFrame(() => progressRef.current?.scrollIntoView({ block: 'nearest' }));
    try {
      const { data } = await callApi<Generated>('POST', '/api/ai/generate', body);
      setDraft(data.draft);
      setTitle(data.draft.metadata.title);
      setCredits(data.credits);
      setBusy(null);
      setFocus((f) => ({ to: 'preview', n: (f?.n ?? 0) + 1 }));
    } catch (err) {
      const message = (err as Error).message;
      if (message === 'AI generation limit reached') setCredits(creditsUsedUp);
      setError({ at: from, text: explain(message) });
      setBusy(null);
      setFocus((f) => ({ to: from === 'preview' ? 'again' : 'generate', n: (f?.n ?? 0) + 1 }));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void generate('form');
  };

  const save = async () => {
    if (!draft) return;
    setError(null);
    const name = title.trim();
    if (!name) {
      setError({ at: 'preview', text: t('errors.titleRequired') });
      titleRef.current?.focus();
      return;
    }
    setBusy('save');
    try {
      const { data } = await callApi<{ contentId: string }>('POST', '/h5p/content', {
        library: draft.library,
        params: draft.params,
        metadata: { ...draft.metadata, title: name },
      });
      // the busy state stays while the editor loads
      window.location.assign(`/content/${encodeURIComponent(data.contentId)}/edit`);
    } catch (err) {
      setError({ at: 'preview', text: explain((err as Error).message) });
      setBusy(null);
    }
  };

  const errorBox = (at: 'form' | 'preview') =>
    error?.at === at ? (
      <p id={`ai-error-${at}`} className="error" role="alert" data-testid="ai-error">
        {error.text}
      </p>
    ) : null;

  return (
    <>
      <form className="card" onSubmit={submit} aria-labelledby="ai-form-title" data-testid="ai-form" noValidate>
        <h2 id="ai-form-title" style={{ marginTop: 0 }}>
          {t('form.title')}
        </h2>
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 0.25rem' }}>
          <legend style={{ fontWeight: 600, padding: 0, marginBottom: '0.35rem' }}>{t('form.source')}</legend>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem' }}>
            <label style={RADIO_LABEL}>
              <input
                type="radio"
                name="ai-source"
                value="topic"
                checked={source === 'topic'}
                onChange={() => setSource('topic')}
                data-testid="ai-source-topic"
              />
              {t('form.sourceTopic')}
            </label>
            <label style={RADIO_LABEL}>
              <input
                type="radio"
                name="ai-source"
                value="text"
                checked={source === 'text'}
                onChange={() => setSource('text')}
                data-testid="ai-source-text"
              />
              {t('form.sourceText')}
            </label>
          </div>
        </fieldset>

        {source === 'topic' ? (
          <div>
            <label htmlFor="ai-topic">{t('form.topic')}</label>
            <input
              id="ai-topic"
              ref={topicRef}
              data-testid="ai-topic"
              value={topic}
              onChange={(e) => setTopic(e.target.value)}
              maxLength={TOPIC_MAX}
              required
              autoComplete="off"
              aria-describedby={`ai-topic-hint${error?.at === 'form' ? ' ai-error-form' : ''}`}
              aria-invalid={error?.at === 'form' && !topic.trim() ? true : undefined}
            />
            <small id="ai-topic-hint" className="muted">
              {t('form.topicHint')}
            </small>
          </div>
        ) : (
          <div>
            <label htmlFor="ai-text">{t('form.text')}</label>
            <textarea
              id="ai-text"
              ref={textRef}
              data-testid="ai-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={TEXT_MAX}
              rows={8}
              required
              style={TEXTAREA}
              aria-describedby={`ai-text-hint${error?.at === 'form' ? ' ai-error-form' : ''}`}
              aria-invalid={error?.at === 'form' && !text.trim() ? true : undefined}
            />
            <small id="ai-text-hint" className="muted">
              {t('form.textHint')}
            </small>
          </div>
        )}

        <div style={FIELD_GRID}>
          <div>
            <label htmlFor="ai-type">{t('form.type')}</label>
            <select id="ai-type" data-testid="ai-type" value={type} onChange={(e) => setType(e.target.value as AiType)} style={FULL}>
              {TYPES.map((ty) => (
                <option key={ty} value={ty}>
                  {t(`types.${TYPE_KEY[ty]}`)}
                </option>
              ))}
            </select>
          </div>
          {counted ? (
            <div>
              <label htmlFor="ai-count">{t('form.count')}</label>
              <input
                id="ai-count"
                data-testid="ai-count"
                type="number"
                inputMode="numeric"
                min={1}
                max={20}
                step={1}
                value={count}
                onChange={(e) => setCount(e.target.value)}
                aria-describedby="ai-count-hint"
              />
              <small id="ai-count-hint" className="muted">
                {t(`form.countHint.${counted}`)}
              </small>
            </div>
          ) : null}
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
            <select
              id="ai-blooms"
              data-testid="ai-blooms"
              value={blooms}
              onChange={(e) => setBlooms(e.target.value as (typeof BLOOMS)[number] | '')}
              style={FULL}
            >
              <option value="">{t('form.bloomsAny')}</option>
              {BLOOMS.map((b) => (
                <option key={b} value={b}>
                  {t(`bloomsLevels.${b}`)}
                </option>
              ))}
            </select>
          </div>
        </div>

        {errorBox('form')}
        <button
          type="submit"
          className="primary"
          ref={generateRef}
          disabled={busy !== null || noCredits}
          aria-describedby="ai-credits"
          data-testid="ai-generate"
        >
          {t('form.generate')}
        </button>
        {noCredits ? (
          <p id="ai-credits" className="notice" data-testid="ai-credits" style={{ margin: '0.75rem 0 0' }}>
            {t('credits.none', { limit: credits.limit })} <Link href="/plans">{t('credits.plans')}</Link>
          </p>
        ) : (
          <p id="ai-credits" className="muted" data-testid="ai-credits" style={{ margin: '0.5rem 0 0', textAlign: 'center' }}>
            {credits.limit === -1 ? t('credits.unlimited') : t('credits.left', { left, limit: credits.limit })}
            {'. '}
            {t('credits.cost')}
          </p>
        )}
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
                {t('form.generating')}
              </p>
              <progress aria-labelledby="ai-progress-text" />
            </>
          ) : null}
        </div>
      </form>

      {draft ? (
        <section
          className="card"
          aria-labelledby="ai-preview-title"
          data-testid="ai-preview"
          aria-busy={busy === 'generate'}
          style={busy === 'generate' ? { opacity: 0.6 } : undefined}
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
          />
          <dl className="facts" style={{ marginTop: '0.75rem' }}>
            <dt>{t('preview.type')}</dt>
            <dd>{typeName(draft.library)}</dd>
            <dt>{t('preview.language')}</dt>
            <dd>{languageName(draft.metadata.language)}</dd>
          </dl>
          <DraftView draft={draft} />
          {errorBox('preview')}
          <div className="inline-form" style={{ marginTop: '1.25rem' }}>
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
              ref={againRef}
              style={{ flex: '1 1 12rem', padding: '0.7rem' }}
              disabled={busy !== null || noCredits}
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
