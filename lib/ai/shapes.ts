// What the provider answers for each content type (a small, type-specific JSON shape, validated with zod) and how
// an answer becomes the parameters of the installed H5P library (issue 13, item 3). Container types (Question Set,
// Course Presentation, Interactive Video, Image Hotspots, Branching Scenario, Accordion) hold sub-content: its
// library version is the one the installed container's semantics allow (lib/ai/semantics.ts), so the parameters fit
// whatever version of the H5P Group's libraries an operator installed.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { escapeText } from '@/lib/h5p';
import { TOPIC_TYPES as TOPIC_LIST } from './types';

const title = z.string().trim().min(1).max(200);
const line = (max: number) => z.string().trim().min(1).max(max);
const starred = (max: number) =>
  line(max).refine((t) => /\*[^*\n]+\*/.test(t), { message: 'must mark at least one answer between asterisks, like *answer*' });

const choiceQuestion = z.object({
  question: line(1000),
  answers: z
    .array(z.object({ text: line(500), correct: z.boolean(), feedback: z.string().max(500).optional() }))
    .min(2)
    .max(6)
    .refine((a) => a.some((x) => x.correct), { message: 'at least one answer must be correct' }),
});
type ChoiceQuestion = z.infer<typeof choiceQuestion>;

const branchingStep = z.object({
  situation: line(2000),
  question: line(500),
  options: z
    .array(z.object({ text: line(300), feedback: line(1000), continues: z.boolean(), score: z.number().int().min(0).max(10) }))
    .min(2)
    .max(4),
});

/** What the provider answers, per content type. */
export const SHAPES = {
  'H5P.MultiChoice': choiceQuestion.extend({ title }),
  'H5P.TrueFalse': z.object({ title, statement: line(1000), isTrue: z.boolean() }),
  'H5P.Blanks': z.object({ title, instructions: line(500), sentences: z.array(starred(500)).min(1).max(20) }),
  'H5P.DragText': z.object({ title, instructions: line(500), text: starred(5000) }),
  'H5P.MarkTheWords': z.object({ title, instructions: line(500), text: starred(5000) }),
  'H5P.SingleChoiceSet': z.object({
    title,
    questions: z.array(z.object({ question: line(1000), correct: line(300), wrong: z.array(line(300)).min(1).max(3) })).min(1).max(20),
  }),
  'H5P.QuestionSet': z.object({ title, introduction: line(1000), questions: z.array(choiceQuestion).min(1).max(20) }),
  'H5P.Dialogcards': z.object({
    title,
    description: z.string().trim().max(1000).optional(),
    cards: z.array(z.object({ front: line(500), back: line(1000), tip: z.string().trim().max(300).optional() })).min(1).max(40),
  }),
  'H5P.Summary': z.object({
    title,
    intro: line(500),
    statements: z.array(z.object({ correct: line(500), wrong: z.array(line(500)).min(1).max(3), tip: z.string().trim().max(500).optional() })).min(1).max(20),
  }),
  'H5P.Accordion': z.object({ title, panels: z.array(z.object({ heading: line(200), text: line(5000) })).min(1).max(20) }),
  'H5P.CoursePresentation': z.object({
    title,
    slides: z.array(z.object({ heading: line(200), text: line(3000), question: choiceQuestion.optional() })).min(1).max(20),
  }),
  'H5P.InteractiveVideo': z.object({ title, questions: z.array(choiceQuestion.extend({ atSeconds: z.number().min(0).max(86_400) })).min(1).max(20) }),
  'H5P.ImageHotspots': z.object({
    title,
    altText: line(500),
    hotspots: z
      .array(z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100), header: line(200), text: line(2000) }))
      .min(1)
      .max(12),
  }),
  'H5P.BranchingScenario': z
    .object({ title, introduction: line(1000), steps: z.array(branchingStep).min(1).max(10), ending: line(1000) })
    .refine((s) => s.steps.every((st) => st.options.some((o) => o.continues)), {
      message: 'every step needs at least one option that continues',
      path: ['steps'],
    }),
} as const;

export type AnyType = keyof typeof SHAPES;
/** Generated from a topic or text through POST /api/ai/generate (and remix): every plan. */
export const TOPIC_TYPES = TOPIC_LIST satisfies readonly AnyType[];

/** The task line for each type, with the number of questions (cards, panels, slides, hotspots, steps). */
export const HOW: Record<AnyType, (n: number) => string> = {
  'H5P.MultiChoice': () => 'One multiple-choice question with 3 to 5 answers, at least one correct, each with short feedback.',
  'H5P.TrueFalse': () => 'One statement that is clearly true or clearly false (isTrue says which).',
  'H5P.Blanks': (n) => `${n} sentences, each with one or two key words to fill in, written between asterisks like *word*.`,
  'H5P.DragText': (n) => `A short text of ${n} sentences in which ${n} key words are marked between asterisks like *word* (learners drag them into place).`,
  'H5P.MarkTheWords': (n) => `A short text of ${n} sentences in which the ${n} words learners must find are marked between asterisks like *word*.`,
  'H5P.SingleChoiceSet': (n) => `${n} questions, each with one correct answer and 2 or 3 plausible wrong ones.`,
  'H5P.QuestionSet': (n) => `A quiz of ${n} multiple-choice questions with a one-sentence introduction; each question has 3 to 5 answers, at least one correct, each with short feedback.`,
  'H5P.Dialogcards': (n) => `${n} flash cards: a prompt or term on the front, the answer or explanation on the back, an optional short tip.`,
  'H5P.Summary': (n) => `${n} groups of statements for a summary task: in each group one correct statement and 1 to 3 false ones that sound plausible; an introduction line.`,
  'H5P.Accordion': (n) => `${n} panels that explain the topic step by step: a short heading and one or two paragraphs each.`,
  'H5P.CoursePresentation': (n) => `A presentation of ${n} slides: each a heading and a short explanation; every second slide also has a multiple-choice check question.`,
  'H5P.InteractiveVideo': (n) => `${n} multiple-choice questions placed in the video: atSeconds is the time (in seconds, from the transcript's timestamps) right after the part the question is about.`,
  'H5P.ImageHotspots': (n) => `${n} hotspots on the image: x and y are the hotspot's position in percent of the image's width and height (0 to 100, from the top left), each on a distinct feature, with a short header and an explanation.`,
  'H5P.BranchingScenario': (n) => `A branching scenario of ${n} decision steps: each step describes a situation and asks what to do, with 2 to 4 options; an option that continues leads to the next step, one that does not ends the scenario (its feedback explains the outcome); score 0 to 10 says how good each option is; an ending text for those who reach the end.`,
};

/** The sub-content libraries each container type needs (each resolved against the container's semantics). */
export const SUB_LIBRARIES: Partial<Record<AnyType, string[][]>> = {
  'H5P.QuestionSet': [['H5P.MultiChoice']],
  'H5P.Accordion': [['H5P.AdvancedText']],
  'H5P.CoursePresentation': [['H5P.AdvancedText'], ['H5P.MultiChoice']],
  'H5P.InteractiveVideo': [['H5P.MultiChoice']],
  'H5P.ImageHotspots': [['H5P.Text', 'H5P.AdvancedText']],
  'H5P.BranchingScenario': [['H5P.AdvancedText'], ['H5P.BranchingQuestion']],
};

/** What a type's parameters need besides the answer: the sub-libraries (by machine name) and any media. */
export interface BuildContext {
  sub: Record<string, string>;
  language: string;
  /** Image Hotspots: the uploaded image, as the content refers to it */
  image?: { path: string; mime: string; width: number; height: number };
  /** Interactive Video: the video (a content path or an http(s) URL) and its captions file */
  video?: { path: string; mime: string; captions?: { path: string; label: string } };
}

const p = (s: string) => `<p>${escapeText(s)}</p>`;
const short = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
/** the library string of a needed sub-library (resolved before building) */
function libOf(ctx: BuildContext, machineName: string): string {
  const l = ctx.sub[machineName];
  if (!l) throw new Error(`sub-library ${machineName} was not resolved`);
  return l;
}
const subContent = (library: string, params: Record<string, unknown>, title: string, contentType: string) => ({
  library,
  params,
  subContentId: randomUUID(),
  metadata: { contentType, license: 'U', title: short(title, 200) },
});

const choiceParams = (q: ChoiceQuestion) => ({
  question: p(q.question),
  answers: q.answers.map((o) => ({ text: escapeText(o.text), correct: o.correct, tipsAndFeedback: { chosenFeedback: escapeText(o.feedback ?? ''), notChosenFeedback: '' } })),
});
const choice = (ctx: BuildContext, q: ChoiceQuestion) => subContent(libOf(ctx, 'H5P.MultiChoice'), choiceParams(q), q.question, 'Multiple Choice');
const textBlock = (ctx: BuildContext, machineName: string, html: string, t: string) => subContent(libOf(ctx, machineName), { text: html }, t, 'Text');

/** The H5P parameters of a provider answer. */
export function paramsOf(type: AnyType, a: unknown, ctx: BuildContext = { sub: {}, language: 'en' }): { title: string; params: Record<string, unknown> } {
  switch (type) {
    case 'H5P.MultiChoice': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      return { title: x.title, params: choiceParams(x) };
    }
    case 'H5P.TrueFalse': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      return { title: x.title, params: { question: p(x.statement), correct: x.isTrue ? 'true' : 'false' } };
    }
    case 'H5P.Blanks': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      // the libraries read the *answers* between asterisks: escaping keeps them
      return { title: x.title, params: { text: p(x.instructions), questions: x.sentences.map((s) => p(s)) } };
    }
    case 'H5P.DragText':
    case 'H5P.MarkTheWords': {
      const x = a as z.infer<(typeof SHAPES)['H5P.DragText']>;
      return { title: x.title, params: { taskDescription: p(x.instructions), textField: escapeText(x.text) } };
    }
    case 'H5P.SingleChoiceSet': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      return {
        title: x.title,
        params: {
          // the first answer is the correct one (the library shuffles them)
          // each question is sub-content (isSubContent): its own id names it in xAPI, as the editor gives it one
          choices: x.questions.map((q) => ({ question: p(q.question), answers: [q.correct, ...q.wrong].map(p), subContentId: randomUUID() })),
          behaviour: { autoContinue: true, timeoutCorrect: 2000, timeoutWrong: 3000, soundEffectsEnabled: false, enableRetry: true, enableSolutionsButton: true, passPercentage: 100 },
        },
      };
    }
    case 'H5P.QuestionSet': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      return {
        title: x.title,
        params: {
          introPage: { showIntroPage: true, title: escapeText(x.title), introduction: p(x.introduction) },
          progressType: 'dots',
          passPercentage: 50,
          questions: x.questions.map((q) => choice(ctx, q)),
          disableBackwardsNavigation: false,
          randomQuestions: false,
          endGame: { showResultPage: true, showSolutionButton: true, showRetryButton: true },
        },
      };
    }
    case 'H5P.Dialogcards': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      return {
        title: x.title,
        params: {
          title: p(x.title),
          mode: 'normal',
          ...(x.description ? { description: p(x.description) } : {}),
          dialogs: x.cards.map((c) => ({ text: p(c.front), answer: p(c.back), ...(c.tip ? { tips: { front: escapeText(c.tip) } } : {}) })),
          behaviour: { enableRetry: true, disableBackwardsNavigation: false, scaleTextNotCard: false, randomCards: false },
        },
      };
    }
    case 'H5P.Summary': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      return {
        title: x.title,
        params: {
          intro: escapeText(x.intro),
          // the first statement of each group is the correct one (the library shuffles them)
          // each group of statements is sub-content (isSubContent) with its own id, as the editor gives it one
          summaries: x.statements.map((s) => ({ summary: [s.correct, ...s.wrong].map(p), ...(s.tip ? { tip: p(s.tip) } : {}), subContentId: randomUUID() })),
        },
      };
    }
    case 'H5P.Accordion': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      return {
        title: x.title,
        params: { panels: x.panels.map((pn) => ({ title: escapeText(pn.heading), content: textBlock(ctx, 'H5P.AdvancedText', p(pn.text), pn.heading) })), hTag: 'h2' },
      };
    }
    case 'H5P.CoursePresentation': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      const element = (action: unknown, y: number, height: number) => ({
        x: 5,
        y,
        width: 90,
        height,
        action,
        alwaysDisplayComments: false,
        backgroundOpacity: 0,
        displayAsButton: false,
        buttonSize: 'big',
        goToSlideType: 'specified',
        invisible: false,
      });
      return {
        title: x.title,
        params: {
          presentation: {
            slides: x.slides.map((s) => ({
              elements: [
                element(textBlock(ctx, 'H5P.AdvancedText', `<h2>${escapeText(s.heading)}</h2>${p(s.text)}`, s.heading), 4, s.question ? 38 : 88),
                ...(s.question ? [element(choice(ctx, s.question), 44, 52)] : []),
              ],
              keywords: [{ main: escapeText(s.heading) }],
            })),
            keywordListEnabled: true,
          },
        },
      };
    }
    case 'H5P.InteractiveVideo': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      const v = ctx.video;
      if (!v) throw new Error('an interactive video needs its video');
      // in time order, at least 5 s apart (two questions at one moment would cover each other)
      const times: number[] = [];
      const qs = [...x.questions]
        .sort((m, n) => m.atSeconds - n.atSeconds)
        .map((q) => {
          const at = Math.max(Math.round(q.atSeconds), (times.at(-1) ?? -5) + 5);
          times.push(at);
          return { ...q, atSeconds: at };
        });
      return {
        title: x.title,
        params: {
          interactiveVideo: {
            video: {
              startScreenOptions: { title: escapeText(short(x.title, 60)), hideStartTitle: false },
              ...(v.captions ? { textTracks: { videoTrack: [{ label: escapeText(v.captions.label), kind: 'captions', srcLang: ctx.language, track: { path: v.captions.path, mime: 'text/vtt' } }] } } : {}),
              files: [{ path: v.path, mime: v.mime, copyright: { license: 'U' } }],
            },
            assets: {
              interactions: qs.map((q) => ({
                // x, y: percent of the video; width, height: em (a poster that fits a question)
                x: 10,
                y: 10,
                width: 24,
                height: 18,
                duration: { from: q.atSeconds, to: q.atSeconds + 10 },
                libraryTitle: 'Multiple Choice',
                action: choice(ctx, q),
                pause: true,
                displayType: 'poster',
                buttonOnMobile: false,
              })),
              bookmarks: qs.map((q, i) => ({ time: q.atSeconds, label: `${i + 1}. ${escapeText(short(q.question, 40))}` })),
            },
          },
        },
      };
    }
    case 'H5P.ImageHotspots': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      const img = ctx.image;
      if (!img) throw new Error('image hotspots need their image');
      const text = ctx.sub['H5P.Text'] ? 'H5P.Text' : 'H5P.AdvancedText';
      return {
        title: x.title,
        params: {
          image: img,
          backgroundImageAltText: escapeText(x.altText),
          color: '#981d99',
          iconType: 'icon',
          icon: 'plus',
          hotspots: x.hotspots.map((h) => ({
            position: { x: Math.round(h.x * 10) / 10, y: Math.round(h.y * 10) / 10, legacyPositioning: false },
            alwaysFullscreen: false,
            header: escapeText(h.header),
            content: [textBlock(ctx, text, p(h.text), h.header)],
          })),
        },
      };
    }
    case 'H5P.BranchingScenario': {
      const x = a as z.infer<(typeof SHAPES)[typeof type]>;
      // step i: its situation is node 2i (text), its question node 2i + 1; an option that continues goes to the
      // next step's situation (or, on the last step, to the end); one that does not ends with its feedback
      const last = x.steps.length - 1;
      const content = x.steps.flatMap((s, i) => [
        {
          type: textBlock(ctx, 'H5P.AdvancedText', p(s.situation), `Step ${i + 1}`),
          showContentTitle: false,
          forceContentFinished: 'useBehavioural',
          nextContentId: 2 * i + 1,
        },
        {
          type: subContent(
            libOf(ctx, 'H5P.BranchingQuestion'),
            {
              branchingQuestion: {
                question: p(s.question),
                alternatives: s.options.map((o) => ({
                  text: escapeText(o.text),
                  nextContentId: o.continues && i < last ? 2 * (i + 1) : -1,
                  feedback: o.continues && i === last ? { title: escapeText(x.ending), subtitle: escapeText(o.feedback), endScreenScore: o.score } : { title: escapeText(o.feedback), endScreenScore: o.score },
                })),
              },
            },
            s.question,
            'Branching Question',
          ),
          showContentTitle: false,
          forceContentFinished: 'useBehavioural',
        },
      ]);
      return {
        title: x.title,
        params: {
          branchingScenario: {
            title: escapeText(x.title),
            startScreen: { startScreenTitle: p(x.title), startScreenSubtitle: p(x.introduction) },
            content,
            endScreens: [{ endScreenTitle: p(x.ending), contentId: -1, endScreenScore: 0 }],
            scoringOptionGroup: { scoringOption: 'static-end-score', includeInteractionsScores: true },
            behaviour: { enableBackwardsNavigation: false, forceContentFinished: false, randomizeBranchingQuestions: false },
          },
        },
      };
    }
  }
}
