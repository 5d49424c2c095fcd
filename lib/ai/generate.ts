// Generation from a topic or pasted text (issue 13, items 3 and 4; every plan): the provider answers a small,
// type-specific JSON shape (validated with zod), which becomes the parameters of an installed H5P content type —
// saved through the same path as the editor's (the library's semantics filter, the content quota, private to the
// caller) or returned as a draft to review first.
import { z } from 'zod';
import type { User } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db/client';
import { createContent } from '@/lib/h5p';
import type { H5pActor } from '@/lib/h5p';
import { saveMetadata } from '@/lib/curriculum';
import { metadataBody, type MetadataInput } from '@/lib/curriculum';
import { AppError } from '@/lib/errors';
import { usageOf } from '@/lib/plans/quota';
import { assertAiConfigured, completeJson } from './client';
import { withAiCredit, type CreditItem } from './credits';
import { assertFitsSemantics, subLibraries } from './semantics';
import { HOW, paramsOf, SHAPES, SUB_LIBRARIES, TOPIC_TYPES, type AnyType, type BuildContext } from './shapes';
import { textOfUrl } from './sources';
import { BLOOM_LEVELS } from '@/lib/content/blooms';
import { AI_LIMITS, DIFFICULTIES } from './limits';
import { AI_ERR } from './errors';

export { paramsOf } from './shapes';
/** the types generated from a topic or text (every plan) */
export type GenerableType = (typeof TOPIC_TYPES)[number];
export const GENERABLE_TYPES: GenerableType[] = [...TOPIC_TYPES];

export { DIFFICULTIES };

/** What every generation takes besides its source. */
export const generateOptions = z.object({
  contentType: z.enum(GENERABLE_TYPES as [GenerableType, ...GenerableType[]]),
  language: z.string().regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, 'must be a language code like en or pt-BR').default('en'),
  difficulty: z.enum(DIFFICULTIES).default('medium'),
  bloomsLevel: z.enum(BLOOM_LEVELS).optional(),
  questionCount: z.number().int().min(1).max(AI_LIMITS.questionCount).default(5),
  /** save it as the caller's private content (default), or only return the draft to review */
  save: z.boolean().default(true),
  /** the curriculum objective it is generated for: saved as the item's curriculum metadata, and its objectives
   *  (objectiveDescriptions) are the learning goal the provider is given */
  curriculum: metadataBody.optional(),
});

const sourceFields = {
  topic: z.string().trim().min(1).max(AI_LIMITS.topic).optional(),
  text: z.string().trim().min(1).max(AI_LIMITS.text).optional(),
};
const hasSource = [(b: { topic?: string | undefined; text?: string | undefined }) => Boolean(b.topic || b.text), { message: 'topic or text is required', path: ['topic'] as PropertyKey[] }] as const;

export const generateBody = generateOptions.extend(sourceFields).refine(...hasSource);

/** POST /api/ai/generate/branching-scenario: a topic or text; questionCount is the number of decision steps (≤ 10). */
export const branchingBody = generateOptions
  .omit({ contentType: true })
  .extend({ ...sourceFields, questionCount: z.number().int().min(1).max(AI_LIMITS.branchingSteps).default(4) })
  .refine(...hasSource);

/** POST /api/ai/generate/url: a web page as the source. */
export const urlBody = generateOptions.extend({ url: z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(AI_LIMITS.url) });

export type GenerateBody = z.infer<typeof generateBody>;

/** The newest installed version of a content type, as `H5P.X major.minor`; 400 when it is not installed. */
export async function installedLibrary(machineName: string): Promise<string> {
  const row = await db().h5pLibrary.findFirst({ where: { machineName, runnable: true }, orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }] });
  if (!row) throw AppError.filled(AI_ERR.typeNotInstalled, { type: machineName });
  return `${machineName} ${row.majorVersion}.${row.minorVersion}`;
}

const SYSTEM = `You write interactive learning activities for teachers (H5P content). Write accurate, age-appropriate,
unambiguous questions in the requested language, at the requested difficulty and Bloom's level. Feedback explains why.`;

/** The caller's AI credits after an action: used this month and the month's limit (-1: unlimited). */
export const creditsSchema = z.object({ used: z.number().int(), limit: z.number().int() });

/** The success data of the generation routes (topic, URL, branching scenario, image hotspots, variants, remix). */
export const generatedSchema = z.object({
  /** the saved content (null for a draft) */
  contentId: z.string().nullable(),
  draft: z.object({
    library: z.string(),
    /** the H5P parameters of the library: open by nature */
    params: z.record(z.string(), z.unknown()),
    metadata: z.object({ title: z.string(), language: z.string() }),
    /** uploads the draft refers to (POST /h5p/content attaches them when the draft is saved) */
    tempImageFiles: z.array(z.string()).optional(),
  }),
  credits: creditsSchema,
});
export type Generated = z.infer<typeof generatedSchema>;

/** POST /api/ai/generate/url: a generation with the page it was made from. */
export const generatedFromUrlSchema = generatedSchema.extend({ source: z.object({ url: z.string(), title: z.string() }) });

/** What one generation is asked to do. */
export interface GenerationRequest {
  contentType: AnyType;
  /** the task in one line: a topic, or what to do with the source */
  brief: string;
  /** source material (pasted text, a web page's text, captions, an existing item), passed as data */
  source?: string;
  /** images the provider looks at (vision input: data: URLs) */
  images?: string[];
  /** the media the content shows (an uploaded image, a video and its captions) */
  media?: Pick<BuildContext, 'image' | 'video'>;
  /** the caller's uploads the content refers to, copied into it when it is saved */
  attach?: { folder: string; name: string }[];
  language: string;
  difficulty: (typeof DIFFICULTIES)[number];
  bloomsLevel?: (typeof BLOOM_LEVELS)[number] | undefined;
  questionCount: number;
  save: boolean;
  curriculum?: MetadataInput | undefined;
  /** the AI job item this generation is (its credit is charged once across reruns: credits.ts) */
  creditItem?: CreditItem | undefined;
}

/** The curriculum the item is generated for, as one line of the task. */
function curriculumLine(c: MetadataInput): string {
  const where = [c.frameworkName, c.gradeName, c.subjectName, ...c.topicNames].filter(Boolean).join(', ');
  const goals = c.objectiveDescriptions.filter(Boolean).slice(0, 10);
  return `Curriculum: ${where}.${goals.length ? ` Learning objectives: ${goals.join(' | ')}` : ''}`.slice(0, 2000);
}

/**
 * Generates one item; one AI credit, given back when anything fails (the provider, the semantics, the content quota).
 * The parameters are built for the installed library (and the sub-content versions it allows) and checked against
 * its semantics before anything is saved.
 */
export async function generateItem(user: User, actor: H5pActor, r: GenerationRequest): Promise<Generated> {
  assertAiConfigured();
  const library = await installedLibrary(r.contentType);
  const sub = await subLibraries(library, SUB_LIBRARIES[r.contentType] ?? []);
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
      ...(r.images?.length ? { images: r.images } : {}),
      schema: SHAPES[r.contentType] as z.ZodType<unknown>,
    });
    const { title: t, params } = paramsOf(r.contentType, answer, { sub, language: r.language, ...r.media });
    await assertFitsSemantics(library, params);
    const images = (r.attach ?? []).filter((a) => a.folder === 'images').map((a) => a.name);
    const d: Generated['draft'] = { library, params, metadata: { title: t, language: r.language }, ...(images.length ? { tempImageFiles: images } : {}) };
    if (!r.save) return { d, contentId: null };
    const saved = await createContent(user, actor, { library, params, metadata: d.metadata }, { attach: r.attach ?? [], revisionKind: 'ai' });
    // generated for an objective: the item carries that curriculum (the caller owns it, so they may write it)
    if (r.curriculum) await saveMetadata(saved.contentId, { ...r.curriculum, language: r.curriculum.language || r.language }, actor.reader);
    return { d, contentId: saved.contentId };
  }, r.creditItem);
  const usage = await usageOf(await db().user.findUniqueOrThrow({ where: { id: user.id } }));
  return { contentId: made.contentId, draft: made.d, credits: { used: usage.aiUsed, limit: usage.aiLimit } };
}

/** POST /api/ai/generate/url (url-to-h5p): the page's main text is the source. */
export async function generateFromUrl(user: User, actor: H5pActor, b: z.infer<typeof urlBody>): Promise<z.infer<typeof generatedFromUrlSchema>> {
  assertAiConfigured();
  const page = await textOfUrl(b.url);
  const made = await generateItem(user, actor, { ...b, brief: `Build it from the web page "${page.title}" below.`, source: page.text });
  return { ...made, source: { url: b.url, title: page.title } };
}

/** POST /api/ai/generate/branching-scenario (branching-scenario): decisions with consequences, one credit. */
export function generateBranching(user: User, actor: H5pActor, b: z.infer<typeof branchingBody>): Promise<Generated> {
  return generateItem(user, actor, {
    ...b,
    contentType: 'H5P.BranchingScenario',
    brief: b.topic ? `Topic: ${b.topic}` : 'Build it from the source text below.',
    ...(b.text ? { source: b.text } : {}),
  });
}

/** POST /api/ai/generate: from a topic or pasted text (every plan). */
export function generateFromTopic(user: User, actor: H5pActor, b: GenerateBody, creditItem?: CreditItem): Promise<Generated> {
  return generateItem(user, actor, {
    ...b,
    brief: b.topic ? `Topic: ${b.topic}` : 'Build it from the source text below.',
    ...(b.text ? { source: b.text } : {}),
    creditItem,
  });
}
