'use client';
// The generated draft of "Create with AI", readable per content type: the questions with the right answers
// marked, the cards, panels, slides, statements, a branching scenario's steps and an image's hotspots (the image
// with numbered markers at their places). Only reading here: the editor opens after saving.
import { useTranslations } from 'next-intl';
import type { CSSProperties, ReactNode } from 'react';
import type { Draft } from './api';

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
const SUBHEADING = { fontSize: '0.95rem', margin: '0 0 0.25rem' } as const;
const LIST = { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.4rem' } as const;
const ITEM = { border: '1px solid var(--border)', borderRadius: 8, padding: '0.6rem 0.75rem', overflowWrap: 'anywhere', minWidth: 0 } as const;
const BADGE = { textTransform: 'none', flex: 'none' } as const;

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

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Answers, the right ones marked (a border and a "Correct" badge). */
function Answers({ answers, testId = 'ai-answer' }: { answers: { text: string; correct: boolean }[]; testId?: string }) {
  const t = useTranslations('ai.preview');
  return (
    <ul style={LIST}>
      {answers.map((a, i) => (
        <li
          key={i}
          data-testid={testId}
          data-correct={a.correct ? 'true' : 'false'}
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: '0.75rem',
            padding: '0.5rem 0.75rem',
            borderRadius: 8,
            border: a.correct ? '2px solid var(--brand)' : '1px solid var(--border)',
            overflowWrap: 'anywhere',
            minWidth: 0,
          }}
        >
          <span style={{ minWidth: 0 }}>{a.text}</span>
          {a.correct ? (
            <span className="plan-badge" style={BADGE}>
              <span aria-hidden="true">✓ </span>
              {t('correct')}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** MultiChoice parameters' answers. */
const choiceAnswers = (p: Obj) => arr(p.answers).map((a) => ({ text: textOf(obj(a).text), correct: obj(a).correct === true }));

/** A numbered block (a question, card, panel, slide, step) with its own heading. */
function Numbered({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <li data-testid={testId} style={ITEM}>
      <h4 style={SUBHEADING}>{title}</h4>
      {children}
    </li>
  );
}

/** The image of an Image Hotspots draft with numbered markers at the hotspots' places (percent of the image). */
function HotspotImage({ src, alt, spots, width, height }: { src: string; alt: string; spots: { x: number; y: number }[]; width?: number; height?: number }) {
  const marker: CSSProperties = {
    position: 'absolute',
    transform: 'translate(-50%, -50%)',
    minWidth: '1.6rem',
    height: '1.6rem',
    borderRadius: '999px',
    background: 'var(--brand)',
    color: 'var(--brand-fg, #fff)',
    border: '2px solid #fff',
    boxShadow: '0 0 0 1px rgba(0,0,0,0.4)',
    display: 'grid',
    placeItems: 'center',
    fontSize: '0.8rem',
    fontWeight: 700,
  };
  return (
    <div style={{ position: 'relative', display: 'inline-block', maxWidth: '100%', lineHeight: 0 }} data-testid="ai-hotspot-image">
      <img src={src} alt={alt} width={width} height={height} style={{ maxWidth: '100%', height: 'auto', borderRadius: 8, border: '1px solid var(--border)', minWidth: 120 }} />
      {spots.map((s, i) => (
        <span key={i} aria-hidden="true" data-testid="ai-hotspot-marker" style={{ ...marker, left: `${s.x}%`, top: `${s.y}%` }}>
          {i + 1}
        </span>
      ))}
    </div>
  );
}

/** The draft, readable per content type. */
export function DraftView({ draft }: { draft: Draft }) {
  const t = useTranslations('ai.preview');
  const type = draft.library.split(' ')[0];
  const p = draft.params;
  switch (type) {
    case 'H5P.MultiChoice':
      return (
        <>
          <h3 style={HEADING}>{t('question')}</h3>
          <p style={BLOCK} data-testid="ai-question">
            {textOf(p.question)}
          </p>
          <h3 style={HEADING}>{t('answers')}</h3>
          <Answers answers={choiceAnswers(p)} />
        </>
      );
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
    case 'H5P.Blanks':
      return (
        <>
          <h3 style={HEADING}>{t('instructions')}</h3>
          <p style={BLOCK}>{textOf(p.text)}</p>
          <h3 style={HEADING}>{t('sentences')}</h3>
          <p className="muted" style={{ margin: '0 0 0.5rem' }}>
            {t('blanksHelp')}
          </p>
          <ol style={{ paddingLeft: '1.4rem', margin: 0, display: 'grid', gap: '0.4rem', overflowWrap: 'anywhere' }}>
            {arr(p.questions).map((q, i) => (
              <li key={i} data-testid="ai-sentence" style={{ lineHeight: 1.7 }}>
                <Starred text={textOf(q)} />
              </li>
            ))}
          </ol>
        </>
      );
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
    case 'H5P.SingleChoiceSet':
      return (
        <>
          <h3 style={HEADING}>{t('questions')}</h3>
          <ol style={LIST}>
            {arr(p.choices).map((c, i) => (
              <Numbered key={i} title={t('questionN', { n: i + 1 })} testId="ai-item">
                <p style={BLOCK} data-testid="ai-item-question">
                  {textOf(obj(c).question)}
                </p>
                {/* the first answer is the correct one */}
                <Answers answers={arr(obj(c).answers).map((a, j) => ({ text: textOf(a), correct: j === 0 }))} />
              </Numbered>
            ))}
          </ol>
        </>
      );
    case 'H5P.QuestionSet': {
      const intro = obj(p.introPage);
      return (
        <>
          {textOf(intro.introduction) ? (
            <>
              <h3 style={HEADING}>{t('introduction')}</h3>
              <p style={BLOCK}>{textOf(intro.introduction)}</p>
            </>
          ) : null}
          <h3 style={HEADING}>{t('questions')}</h3>
          <ol style={LIST}>
            {arr(p.questions).map((q, i) => {
              const qp = obj(obj(q).params);
              return (
                <Numbered key={i} title={t('questionN', { n: i + 1 })} testId="ai-item">
                  <p style={BLOCK} data-testid="ai-item-question">
                    {textOf(qp.question)}
                  </p>
                  <Answers answers={choiceAnswers(qp)} />
                </Numbered>
              );
            })}
          </ol>
        </>
      );
    }
    case 'H5P.Dialogcards':
      return (
        <>
          {textOf(p.description) ? <p style={BLOCK}>{textOf(p.description)}</p> : null}
          <h3 style={HEADING}>{t('cards')}</h3>
          <ol style={LIST}>
            {arr(p.dialogs).map((d, i) => {
              const card = obj(d);
              const tip = textOf(obj(card.tips).front);
              return (
                <li key={i} data-testid="ai-item" style={ITEM}>
                  <dl className="facts" style={{ margin: 0 }}>
                    <dt>{t('front')}</dt>
                    <dd data-testid="ai-item-question">{textOf(card.text)}</dd>
                    <dt>{t('back')}</dt>
                    <dd>{textOf(card.answer)}</dd>
                    {tip ? (
                      <>
                        <dt>{t('tip')}</dt>
                        <dd>{tip}</dd>
                      </>
                    ) : null}
                  </dl>
                </li>
              );
            })}
          </ol>
        </>
      );
    case 'H5P.Summary':
      return (
        <>
          {textOf(p.intro) ? <p style={BLOCK}>{textOf(p.intro)}</p> : null}
          <h3 style={HEADING}>{t('statements')}</h3>
          <p className="muted" style={{ margin: '0 0 0.5rem' }}>
            {t('statementsHelp')}
          </p>
          <ol style={LIST}>
            {arr(p.summaries).map((s, i) => (
              <Numbered key={i} title={t('groupN', { n: i + 1 })} testId="ai-item">
                {/* the first statement of each group is the correct one */}
                <Answers answers={arr(obj(s).summary).map((x, j) => ({ text: textOf(x), correct: j === 0 }))} />
              </Numbered>
            ))}
          </ol>
        </>
      );
    case 'H5P.Accordion':
      return (
        <>
          <h3 style={HEADING}>{t('panels')}</h3>
          <ol style={LIST}>
            {arr(p.panels).map((panel, i) => (
              <Numbered key={i} title={textOf(obj(panel).title) || String(i + 1)} testId="ai-item">
                <p style={{ ...BLOCK, marginBottom: 0 }}>{textOf(obj(obj(obj(panel).content).params).text)}</p>
              </Numbered>
            ))}
          </ol>
        </>
      );
    case 'H5P.CoursePresentation':
      return (
        <>
          <h3 style={HEADING}>{t('slides')}</h3>
          <ol style={LIST}>
            {arr(obj(p.presentation).slides).map((slide, i) => {
              const s = obj(slide);
              const heading = textOf(obj(arr(s.keywords)[0]).main);
              return (
                <Numbered key={i} title={heading ? `${t('slideN', { n: i + 1 })}: ${heading}` : t('slideN', { n: i + 1 })} testId="ai-item">
                  {arr(s.elements).map((el, j) => {
                    const action = obj(obj(el).action);
                    const ap = obj(action.params);
                    if (str(action.library).startsWith('H5P.MultiChoice')) {
                      return (
                        <div key={j}>
                          <p style={{ ...BLOCK, fontWeight: 600 }}>
                            {t('checkQuestion')}: {textOf(ap.question)}
                          </p>
                          <Answers answers={choiceAnswers(ap)} />
                        </div>
                      );
                    }
                    // the slide's text starts with its heading (an h2), shown above already
                    const text = textOf(str(ap.text).replace(/^\s*<h2>[\s\S]*?<\/h2>/i, ''));
                    return text ? (
                      <p key={j} style={BLOCK}>
                        {text}
                      </p>
                    ) : null;
                  })}
                </Numbered>
              );
            })}
          </ol>
        </>
      );
    case 'H5P.BranchingScenario': {
      const b = obj(p.branchingScenario);
      const nodes = arr(b.content).map(obj);
      const start = obj(b.startScreen);
      const ending = arr(b.endScreens).map((e) => textOf(obj(e).endScreenTitle)).find(Boolean);
      // a step is a text node (the situation) followed by a question node; show each question with the text before it
      let step = 0;
      return (
        <>
          {textOf(start.startScreenSubtitle) ? (
            <>
              <h3 style={HEADING}>{t('start')}</h3>
              <p style={BLOCK}>{textOf(start.startScreenSubtitle)}</p>
            </>
          ) : null}
          <h3 style={HEADING}>{t('steps')}</h3>
          <ol style={LIST}>
            {nodes.map((node, i) => {
              const lib = str(obj(node.type).library);
              if (!lib.startsWith('H5P.BranchingQuestion')) return null;
              const q = obj(obj(obj(node.type).params).branchingQuestion);
              const before = nodes[i - 1];
              const situation = before && str(obj(before.type).library).startsWith('H5P.AdvancedText') ? textOf(obj(obj(before.type).params).text) : '';
              step += 1;
              return (
                <Numbered key={i} title={t('stepN', { n: step })} testId="ai-item">
                  {situation ? <p style={BLOCK}>{situation}</p> : null}
                  <p style={{ ...BLOCK, fontWeight: 600 }} data-testid="ai-item-question">
                    {textOf(q.question)}
                  </p>
                  <ul style={LIST}>
                    {arr(q.alternatives).map((alt, j) => {
                      const a = obj(alt);
                      const fb = obj(a.feedback);
                      const ends = a.nextContentId === -1;
                      const score = typeof fb.endScreenScore === 'number' ? fb.endScreenScore : null;
                      return (
                        <li key={j} data-testid="ai-branch-option" style={{ ...ITEM, padding: '0.5rem 0.75rem' }}>
                          <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '0.25rem 0.75rem' }}>
                            <span style={{ minWidth: 0 }}>{textOf(a.text)}</span>
                            <span style={{ display: 'inline-flex', gap: '0.4rem', flexWrap: 'wrap' }}>
                              <span className="plan-badge" style={BADGE}>
                                {ends ? t('ends') : t('continues')}
                              </span>
                              {score !== null ? (
                                <span className="plan-badge" style={BADGE}>
                                  {t('score', { score })}
                                </span>
                              ) : null}
                            </span>
                          </div>
                          {textOf(fb.title) || textOf(fb.subtitle) ? (
                            <p className="muted" style={{ margin: '0.25rem 0 0', fontSize: '0.9rem' }}>
                              {[textOf(fb.title), textOf(fb.subtitle)].filter(Boolean).join(' — ')}
                            </p>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </Numbered>
              );
            })}
          </ol>
          {ending ? (
            <>
              <h3 style={HEADING}>{t('ending')}</h3>
              <p style={BLOCK}>{ending}</p>
            </>
          ) : null}
        </>
      );
    }
    case 'H5P.ImageHotspots': {
      const image = obj(p.image);
      const name = draft.tempImageFiles?.[0] ?? str(image.path).replace(/^images\//, '');
      const spots = arr(p.hotspots).map(obj);
      const alt = textOf(p.backgroundImageAltText);
      const pos = (s: Obj) => ({ x: Number(obj(s.position).x) || 0, y: Number(obj(s.position).y) || 0 });
      return (
        <>
          {name ? (
            <HotspotImage
              src={`/h5p/temp/uploads/${encodeURIComponent(name)}`}
              alt={alt}
              spots={spots.map(pos)}
              width={typeof image.width === 'number' ? image.width : undefined}
              height={typeof image.height === 'number' ? image.height : undefined}
            />
          ) : null}
          {alt ? (
            <p className="muted" style={{ margin: '0.5rem 0 0', overflowWrap: 'anywhere' }}>
              {t('imageAlt')}: {alt}
            </p>
          ) : null}
          <h3 style={HEADING}>{t('hotspots')}</h3>
          <p className="muted" style={{ margin: '0 0 0.5rem' }}>
            {t('hotspotsHelp')}
          </p>
          <ol style={LIST}>
            {spots.map((s, i) => (
              <Numbered key={i} title={`${i + 1}. ${textOf(s.header)}`} testId="ai-item">
                <p style={{ ...BLOCK, marginBottom: 0 }}>{arr(s.content).map((c) => textOf(obj(obj(c).params).text)).join('\n')}</p>
              </Numbered>
            ))}
          </ol>
        </>
      );
    }
    default:
      return <p className="muted">{t('unknown')}</p>;
  }
}
