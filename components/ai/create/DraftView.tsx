'use client';
// The generated draft of "Create with AI", readable per content type: the questions with the right answers
// marked, the cards, panels, statements; the slides, a branching scenario's steps and an image's hotspots are in
// DraftMedia.tsx. Only reading here: the editor opens after saving.
import { useTranslations } from 'next-intl';
import type { Draft } from './api';
import { BranchingDraft, HotspotsDraft, SlidesDraft } from './DraftMedia';
import { Badge } from '@/components/ui';
import { Answers, Numbered, Starred, arr, choiceAnswers, draftStyles as styles, obj, textOf } from './draft-parts';
import { cx } from '../parts';

export { textOf } from './draft-parts';

/** The draft, readable per content type. */
export function DraftView({ draft }: { draft: Draft }) {
  const t = useTranslations('ai.preview');
  const type = draft.library.split(' ')[0];
  const p = draft.params;
  switch (type) {
    case 'H5P.MultiChoice':
      return (
        <>
          <h3 className={styles.heading}>{t('question')}</h3>
          <p className={styles.block} data-testid="ai-question">
            {textOf(p.question)}
          </p>
          <h3 className={styles.heading}>{t('answers')}</h3>
          <Answers answers={choiceAnswers(p)} />
        </>
      );
    case 'H5P.TrueFalse':
      return (
        <>
          <h3 className={styles.heading}>{t('statement')}</h3>
          <p className={styles.block} data-testid="ai-question">
            {textOf(p.question)}
          </p>
          <h3 className={styles.heading}>{t('answer')}</h3>
          <p className={styles.block} data-testid="ai-truefalse">
            <Badge tone="brand">
              {p.correct === 'true' || p.correct === true ? t('true') : t('false')}
            </Badge>
          </p>
        </>
      );
    case 'H5P.Blanks':
      return (
        <>
          <h3 className={styles.heading}>{t('instructions')}</h3>
          <p className={styles.block}>{textOf(p.text)}</p>
          <h3 className={styles.heading}>{t('sentences')}</h3>
          <p className={styles.help}>
            {t('blanksHelp')}
          </p>
          <ol className={styles.sentences}>
            {arr(p.questions).map((q, i) => (
              <li key={i} data-testid="ai-sentence">
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
          <h3 className={styles.heading}>{t('instructions')}</h3>
          <p className={styles.block}>{textOf(p.taskDescription)}</p>
          <h3 className={styles.heading}>{t('text')}</h3>
          <p className={styles.help}>
            {type === 'H5P.DragText' ? t('dragTextHelp') : t('markTheWordsHelp')}
          </p>
          <p className={cx(styles.block, styles.loose)} data-testid="ai-text-preview">
            {/* textField is plain text with line breaks; a tag-stripped copy covers one that arrives as HTML */}
            <Starred text={textOf(p.textField)} />
          </p>
        </>
      );
    case 'H5P.SingleChoiceSet':
      return (
        <>
          <h3 className={styles.heading}>{t('questions')}</h3>
          <ol className={styles.list}>
            {arr(p.choices).map((c, i) => (
              <Numbered key={i} title={t('questionN', { n: i + 1 })} testId="ai-item">
                <p className={styles.block} data-testid="ai-item-question">
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
              <h3 className={styles.heading}>{t('introduction')}</h3>
              <p className={styles.block}>{textOf(intro.introduction)}</p>
            </>
          ) : null}
          <h3 className={styles.heading}>{t('questions')}</h3>
          <ol className={styles.list}>
            {arr(p.questions).map((q, i) => {
              const qp = obj(obj(q).params);
              return (
                <Numbered key={i} title={t('questionN', { n: i + 1 })} testId="ai-item">
                  <p className={styles.block} data-testid="ai-item-question">
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
          {textOf(p.description) ? <p className={styles.block}>{textOf(p.description)}</p> : null}
          <h3 className={styles.heading}>{t('cards')}</h3>
          <ol className={styles.list}>
            {arr(p.dialogs).map((d, i) => {
              const card = obj(d);
              const tip = textOf(obj(card.tips).front);
              return (
                <li key={i} data-testid="ai-item" className={styles.item}>
                  <dl className={cx('facts', styles.facts)}>
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
          {textOf(p.intro) ? <p className={styles.block}>{textOf(p.intro)}</p> : null}
          <h3 className={styles.heading}>{t('statements')}</h3>
          <p className={styles.help}>
            {t('statementsHelp')}
          </p>
          <ol className={styles.list}>
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
          <h3 className={styles.heading}>{t('panels')}</h3>
          <ol className={styles.list}>
            {arr(p.panels).map((panel, i) => (
              <Numbered key={i} title={textOf(obj(panel).title) || String(i + 1)} testId="ai-item">
                <p className={cx(styles.block, styles.last)}>{textOf(obj(obj(obj(panel).content).params).text)}</p>
              </Numbered>
            ))}
          </ol>
        </>
      );
    case 'H5P.CoursePresentation':
      return <SlidesDraft p={p} />;
    case 'H5P.BranchingScenario':
      return <BranchingDraft p={p} />;
    case 'H5P.ImageHotspots':
      return <HotspotsDraft p={p} tempImageFiles={draft.tempImageFiles} />;
    default:
      return <p className="muted">{t('unknown')}</p>;
  }
}
