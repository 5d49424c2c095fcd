// Generation from a topic or pasted text (issue 13, items 3 and 4; every plan): the provider answers a small,
// type-specific JSON shape (validated with zod), which becomes the parameters of an installed H5P content type —
// saved through the same path as the editor's (the library's semantics filter, the content quota, private to the
// caller) or returned as a draft to review first.
import { z } from 'zod';
import type { User } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db/client';
import { createContent } from '@/lib/h5p/content';
import type { H5pActor } from '@/lib/h5p/permissions';
import { escapeText } from '@/lib/h5p/sanitize';
import { saveMetadata } from '@/lib/curriculum/metadata';
import { metadataBody, type MetadataInput } from '@/lib/curriculum/schemas';
import { AppError } from '@/lib/http/errors';
import { usageOf } from '@/lib/plans/quota';
import { assertAiConfigured, completeJson } from './client';
import { withAiCredit } from './credits';
import { textOfUrl } from './sources';

export const BLOOMS = ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] as const;
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

const title = z.string().trim().min(1).max(200);
const line = (max: number) => z.string().trim().min(1).max(max);
const starred = (max: number) =>
  line(max).refine((t) => /\*[^*\n]+\*/.test(t), { message: 'must mark at least one answer between asterisks, like *answer*' });

/** What the provider answers, per content type. */
const SHAPES = {
  'H5P.MultiChoice': z.object({
    title,
    question: line(1000),
    answers: z
      .array(z.object({ text: line(500), correct: z.boolean(), feedback: z.string().max(500).optional() }))
      .min(2)
      .max(6)
      .refine((a) => a.some((x) => x.correct), { message: 'at least one answer must be correct' }),
  }),
  'H5P.TrueFalse': z.object({ title, statement: line(1000), isTrue: z.boolean() }),
  'H5P.Blanks': z.object({ title, instructions: line(500), sentences: z.array(starred(500)).min(1).max(20) }),
  'H5P.DragText': z.object({ title, instructions: line(500), text: starred(5000) }),
  'H5P.MarkTheWords': z.object({ title, instructions: line(500), text: starred(5000) }),
} as const;

export type GenerableType = keyof typeof SHAPES;
export const GENERABLE_TYPES = Object.keys(SHAPES) as GenerableType[];

const HOW: Record<GenerableType, (n: number) => string> = {
  'H5P.MultiChoice': () => 'One multiple-choice question with 3 to 5 answers, at least one correct, each with short feedback.',
  'H5P.TrueFalse': () => 'One statement that is clearly true or clearly false (isTrue says which).',
  'H5P.Blanks': (n) => `${n} sentences, each with one or two key words to fill in, written between asterisks like *word*.`,
  'H5P.DragText': (n) => `A short text of ${n} sentences in which ${n} key words are marked between asterisks like *word* (learners drag them into place).`,
  'H5P.MarkTheWords': (n) => `A short text of ${n} sentences in which the ${n} words learners must find are marked between asterisks like *word*.`,
};

/** What every generation takes besides its source. */
export const generateOptions = z.object({
  contentType: z.enum(GENERABLE_TYPES as [GenerableType, ...GenerableType[]]),
  language: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, 'must be a language code like en or pt-BR').default('en'),
  difficulty: z.enum(DIFFICULTIES).default('medium'),
  bloomsLevel: z.enum(BLOOMS).optional(),
  questionCount: z.number().int().min(1).max(20).default(5),
  /** save it as the caller's private content (default), or only return the draft to review */
  save: z.boolean().default(true),
  /** the curriculum objective it is generated for: saved as the item's curriculum metadata, and its objectives
   *  (objectiveDescriptions) are the learning goal the provider is given */
  curriculum: metadataBody.optional(),
});

export const generateBody = generateOptions
  .extend({
    topic: z.string().trim().min(1).max(500).optional(),
    text: z.string().trim().min(1).max(50_000).optional(),
  })
  .refine((b) => b.topic || b.text, { message: 'topic or text is required', path: ['topic'] });

/** POST /api/ai/generate/url: a web page as the source. */
export const urlBody = generateOptions.extend({ url: z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(2000) });

export type GenerateBody = z.infer<typeof generateBody>;

const p = (s: string) => `<p>${escapeText(s)}</p>`;
/** starred text keeps its *answers*; the rest is escaped (the libraries read the asterisks) */
const starredText = (s: string) => escapeText(s);

/** The H5P parameters of a provider answer. */
export function paramsOf(type: GenerableType, a: unknown): { title: string; params: Record<string, unknown> } {
  switch (type) {
    case 'H5P.MultiChoice': {
      const x = a as z.infer<(typeof SHAPES)['H5P.MultiChoice']>;
      return {
        title: x.title,
        params: {
          question: p(x.question),
          answers: x.answers.map((o) => ({ text: escapeText(o.text), correct: o.correct, tipsAndFeedback: { chosenFeedback: escapeText(o.feedback ?? ''), notChosenFeedback: '' } })),
        },
      };
    }
    case 'H5P.TrueFalse': {
      const x = a as z.infer<(typeof SHAPES)['H5P.TrueFalse']>;
      return { title: x.title, params: { question: p(x.statement), correct: x.isTrue ? 'true' : 'false' } };
    }
    case 'H5P.Blanks': {
      const x = a as z.infer<(typeof SHAPES)['H5P.Blanks']>;
      return { title: x.title, params: { text: p(x.instructions), questions: x.sentences.map((s) => `<p>${starredText(s)}</p>`) } };
    }
    case 'H5P.DragText':
    case 'H5P.MarkTheWords': {
      const x = a as z.infer<(typeof SHAPES)['H5P.DragText']>;
      return { title: x.title, params: { taskDescription: p(x.instructions), textField: starredText(x.text) } };
    }
  }
}

/** The newest installed version of a content type, as `H5P.X major.minor`; 400 when it is not installed. */
export async function installedLibrary(machineName: string): Promise<string> {
  const row = await db().h5pLibrary.findFirst({ where: { machineName, runnable: true }, orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }] });
  if (!row) throw new AppError(400, `Content type ${machineName} is not installed`);
  return `${machineName} ${row.majorVersion}.${row.minorVersion}`;
}

const SYSTEM = `You write interactive learning activities for teachers (H5P content). Write accurate, age-appropriate,
unambiguous questions in the requested language, at the requested difficulty and Bloom's level. Feedback explains why.`;

export interface Generated {
  /** the saved content (null for a draft) */
  contentId: string | null;
  draft: { library: string; params: Record<string, unknown>; metadata: { title: string; language: string } };
  credits: { used: number; limit: number };
}

/** What one generation is asked to do. */
export interface GenerationRequest {
  contentType: GenerableType;
  /** the task in one line: a topic, or what to do with the source */
  brief: string;
  /** source material (pasted text, a web page's text, an existing item), passed as data */
  source?: string;
  language: string;
  difficulty: (typeof DIFFICULTIES)[number];
  bloomsLevel?: (typeof BLOOMS)[number] | undefined;
  questionCount: number;
  save: boolean;
  curriculum?: MetadataInput | undefined;
}

/** The curriculum the item is generated for, as one line of the task. */
function curriculumLine(c: MetadataInput): string {
  const where = [c.frameworkName, c.gradeName, c.subjectName, ...c.topicNames].filter(Boolean).join(', ');
  const goals = c.objectiveDescriptions.filter(Boolean).slice(0, 10);
  return `Curriculum: ${where}.${goals.length ? ` Learning objectives: ${goals.join(' | ')}` : ''}`.slice(0, 2000);
}

/** Generates one item; one AI credit, given back when anything fails (the provider, the semantics, the content quota). */
export async function generateItem(user: User, actor: H5pActor, r: GenerationRequest): Promise<Generated> {
  assertAiConfigured();
  const library = await installedLibrary(r.contentType);
  const made = await withAiCredit(user.id, async () => {
    const answer = await completeJson({
      name: r.contentType.replace(/\W/g, '_'),
      system: SYSTEM,
      task: [
        `Content type: ${r.contentType}. ${HOW[r.contentType](r.questionCount)}`,
        r.brief,
        `Language: ${r.language}. Difficulty: ${r.difficulty}.${r.bloomsLevel ? ` Bloom's level: ${r.bloomsLevel}.` : ''}`,
        ...(r.curriculum ? [curriculumLine(r.curriculum)] : []),
      ].join('\n'),
      ...(r.source ? { source: r.source } : {}),
      schema: SHAPES[r.contentType] as z.ZodType<unknown>,
    });
    const { title: t, params } = paramsOf(r.contentType, answer);
    const d = { library, params, metadata: { title: t, language: r.language } };
    if (!r.save) return { d, contentId: null };
    const saved = await createContent(user, actor, d);
    // generated for an objective: the item carries that curriculum (the caller owns it, so they may write it)
    if (r.curriculum) await saveMetadata(saved.contentId, { ...r.curriculum, language: r.curriculum.language || r.language }, actor.reader);
    return { d, contentId: saved.contentId };
  });
  const usage = await usageOf(await db().user.findUniqueOrThrow({ where: { id: user.id } }));
  return { contentId: made.contentId, draft: made.d, credits: { used: usage.aiUsed, limit: usage.aiLimit } };
}

/** POST /api/ai/generate/url (url-to-h5p): the page's main text is the source. */
export async function generateFromUrl(user: User, actor: H5pActor, b: z.infer<typeof urlBody>): Promise<Generated & { source: { url: string; title: string } }> {
  assertAiConfigured();
  const page = await textOfUrl(b.url);
  const made = await generateItem(user, actor, { ...b, brief: `Build it from the web page "${page.title}" below.`, source: page.text });
  return { ...made, source: { url: b.url, title: page.title } };
}

/** POST /api/ai/generate: from a topic or pasted text (every plan). */
export function generateFromTopic(user: User, actor: H5pActor, b: GenerateBody): Promise<Generated> {
  return generateItem(user, actor, {
    ...b,
    brief: b.topic ? `Topic: ${b.topic}` : 'Build it from the source text below.',
    ...(b.text ? { source: b.text } : {}),
  });
}
