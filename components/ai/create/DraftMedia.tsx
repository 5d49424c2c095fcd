'use client';
// The draft views of the larger types of "Create with AI" (DraftView.tsx picks the view): a presentation's
// slides, a branching scenario's steps and an image's hotspots (the image with numbered markers at their places).
import { useTranslations } from 'next-intl';
import { BADGE, BLOCK, HEADING, HotspotImage, ITEM, LIST, Numbered, Answers, arr, choiceAnswers, obj, str, textOf, type Obj } from './draft-parts';

/** H5P.CoursePresentation: the slides, each with its heading, texts and check questions. */
export function SlidesDraft({ p }: { p: Obj }) {
  const t = useTranslations('ai.preview');
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
}

/** H5P.BranchingScenario: each question step with the situation before it, its choices and where they lead. */
export function BranchingDraft({ p }: { p: Obj }) {
  const t = useTranslations('ai.preview');
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

/** H5P.ImageHotspots: the image with its markers, then each hotspot's text. */
export function HotspotsDraft({ p, tempImageFiles }: { p: Obj; tempImageFiles?: string[] }) {
  const t = useTranslations('ai.preview');
  const image = obj(p.image);
  const name = tempImageFiles?.[0] ?? str(image.path).replace(/^images\//, '');
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
