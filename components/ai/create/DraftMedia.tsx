'use client';
// The draft views of the larger types of "Create with AI" (DraftView.tsx picks the view): a presentation's
// slides, a branching scenario's steps and an image's hotspots (the image with numbered markers at their places).
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui';
import { HotspotImage, Numbered, Answers, arr, choiceAnswers, draftStyles as styles, obj, str, textOf, type Obj } from './draft-parts';
import { cx } from '../parts';

/** H5P.CoursePresentation: the slides, each with its heading, texts and check questions. */
export function SlidesDraft({ p }: { p: Obj }) {
  const t = useTranslations('ai.preview');
  return (
    <>
      <h3 className={styles.heading}>{t('slides')}</h3>
      <ol className={styles.list}>
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
                      <p className={cx(styles.block, styles.strong)}>
                        {t('checkQuestion')}: {textOf(ap.question)}
                      </p>
                      <Answers answers={choiceAnswers(ap)} />
                    </div>
                  );
                }
                // the slide's text starts with its heading (an h2), shown above already
                const text = textOf(str(ap.text).replace(/^\s*<h2>[\s\S]*?<\/h2>/i, ''));
                return text ? (
                  <p key={j} className={styles.block}>
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
          <h3 className={styles.heading}>{t('start')}</h3>
          <p className={styles.block}>{textOf(start.startScreenSubtitle)}</p>
        </>
      ) : null}
      <h3 className={styles.heading}>{t('steps')}</h3>
      <ol className={styles.list}>
        {nodes.map((node, i) => {
          const lib = str(obj(node.type).library);
          if (!lib.startsWith('H5P.BranchingQuestion')) return null;
          const q = obj(obj(obj(node.type).params).branchingQuestion);
          const before = nodes[i - 1];
          const situation = before && str(obj(before.type).library).startsWith('H5P.AdvancedText') ? textOf(obj(obj(before.type).params).text) : '';
          step += 1;
          return (
            <Numbered key={i} title={t('stepN', { n: step })} testId="ai-item">
              {situation ? <p className={styles.block}>{situation}</p> : null}
              <p className={cx(styles.block, styles.strong)} data-testid="ai-item-question">
                {textOf(q.question)}
              </p>
              <ul className={styles.list}>
                {arr(q.alternatives).map((alt, j) => {
                  const a = obj(alt);
                  const fb = obj(a.feedback);
                  const ends = a.nextContentId === -1;
                  const score = typeof fb.endScreenScore === 'number' ? fb.endScreenScore : null;
                  return (
                    <li key={j} data-testid="ai-branch-option" className={cx(styles.item, styles.option)}>
                      <div className={styles.optionHead}>
                        <span className={styles.optionText}>{textOf(a.text)}</span>
                        <span className={styles.badges}>
                          <Badge tone={ends ? 'neutral' : 'brand'}>
                            {ends ? t('ends') : t('continues')}
                          </Badge>
                          {score !== null ? (
                            <Badge tone="info">
                              {t('score', { score })}
                            </Badge>
                          ) : null}
                        </span>
                      </div>
                      {textOf(fb.title) || textOf(fb.subtitle) ? (
                        <p className={styles.note}>
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
          <h3 className={styles.heading}>{t('ending')}</h3>
          <p className={styles.block}>{ending}</p>
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
        <p className={styles.note}>
          {t('imageAlt')}: {alt}
        </p>
      ) : null}
      <h3 className={styles.heading}>{t('hotspots')}</h3>
      <p className={styles.help}>
        {t('hotspotsHelp')}
      </p>
      <ol className={styles.list}>
        {spots.map((s, i) => (
          <Numbered key={i} title={`${i + 1}. ${textOf(s.header)}`} testId="ai-item">
            <p className={cx(styles.block, styles.last)}>{arr(s.content).map((c) => textOf(obj(obj(c).params).text)).join('\n')}</p>
          </Numbered>
        ))}
      </ol>
    </>
  );
}
