// AI actions on an existing item (issue 13, item 4): Bloom's critique with rewrite suggestions (blooms-critique),
// easier / harder / reading-level variants (differentiation), and the item remade as another type
// (content-remixer). The caller must be able to read the item; the item goes to the provider as data.
import { z } from 'zod';
import type { Principal } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { assertCanRead, CONTENT_NOT_FOUND, readerOf } from '@/lib/h5p';
import type { H5pActor } from '@/lib/h5p';
import { AppError } from '@/lib/errors';
import { usageOf } from '@/lib/plans/quota';
import { assertAiConfigured, completeJson } from './client';
import { withAiCredit } from './credits';
import { AI_ERR } from './errors';
import { creditsSchema, DIFFICULTIES, GENERABLE_TYPES, generateItem, type GenerableType, type Generated } from './generate';
import { sourceOfItem } from './sources';
import { BLOOM_LEVELS } from '@/lib/content/blooms';

const generable = (t: string): t is GenerableType => (GENERABLE_TYPES as string[]).includes(t);

async function itemFor(principal: Principal | null, user: User, contentId: string) {
  await assertCanRead(readerOf(principal, user), contentId);
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true, mainLibrary: true, parameters: true, metadata: true } });
  if (!row) throw new AppError(404, CONTENT_NOT_FOUND);
  const language = (row.metadata as { language?: unknown } | null)?.language;
  return { ...row, language: typeof language === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(language) ? language : 'en' };
}

// ---------------------------------------------------------------- critique

const critiqueAnswer = z.object({
  bloomsLevel: z.enum(BLOOM_LEVELS),
  explanation: z.string().trim().min(1).max(2000),
  suggestions: z
    .array(z.object({ issue: z.string().trim().min(1).max(1000), rewrite: z.string().trim().min(1).max(2000), targetLevel: z.enum(BLOOM_LEVELS).optional() }))
    .min(1)
    .max(10),
});

export const critiqueBody = z.object({ targetLevel: z.enum(BLOOM_LEVELS).optional() });

/** The success data of POST /api/ai/content/:id/critique. */
export const critiqueSchema = critiqueAnswer.extend({ contentId: z.string(), credits: creditsSchema });
export type Critique = z.infer<typeof critiqueSchema>;

/** POST /api/ai/content/:id/critique: the item's Bloom's level, why, and rewrites that raise or fit it (one credit). */
export async function critique(principal: Principal | null, user: User, contentId: string, b: z.infer<typeof critiqueBody>): Promise<Critique> {
  assertAiConfigured();
  const item = await itemFor(principal, user, contentId);
  const result = await withAiCredit(user.id, () =>
    completeJson({
      name: 'blooms_critique',
      system: "You review learning activities against Bloom's revised taxonomy and suggest concrete rewrites of their questions.",
      task: `Classify the activity in the source by Bloom's level, explain why in two or three sentences, and suggest up to five rewrites${
        b.targetLevel ? ` that bring it to the "${b.targetLevel}" level` : ' that would deepen it'
      }. Write in the activity's language (${item.language}).`,
      source: sourceOfItem(item),
      schema: critiqueAnswer,
    }),
  );
  const usage = await usageOf(await db().user.findUniqueOrThrow({ where: { id: user.id } }));
  return { contentId, ...result, credits: { used: usage.aiUsed, limit: usage.aiLimit } };
}

// ---------------------------------------------------------------- differentiation and remix

export const differentiateBody = z
  .object({
    variant: z.enum(['easier', 'harder', 'reading-level']),
    /** for reading-level: the readers, e.g. "age 9" or "CEFR A2" */
    readingLevel: z.string().trim().min(1).max(100).optional(),
    save: z.boolean().default(true),
  })
  .refine((b) => b.variant !== 'reading-level' || b.readingLevel, { message: 'readingLevel is required for a reading-level variant', path: ['readingLevel'] });

export const remixBody = z.object({
  contentType: z.enum(GENERABLE_TYPES as [GenerableType, ...GenerableType[]]),
  difficulty: z.enum(DIFFICULTIES).default('medium'),
  questionCount: z.number().int().min(1).max(20).default(5),
  save: z.boolean().default(true),
});

const VARIANT: Record<z.infer<typeof differentiateBody>['variant'], (level?: string) => string> = {
  easier: () => 'Make an easier variant of the activity in the source: simpler words, more support, the same learning goal.',
  harder: () => 'Make a harder variant of the activity in the source: more demanding thinking, the same learning goal.',
  'reading-level': (level) => `Rewrite the activity in the source for readers at this reading level: ${level}. Keep the learning goal and the answers.`,
};

/** POST /api/ai/content/:id/differentiate: a variant of the item, of the same type (one credit). */
export async function differentiate(principal: Principal | null, user: User, actor: H5pActor, contentId: string, b: z.infer<typeof differentiateBody>): Promise<Generated> {
  assertAiConfigured();
  const item = await itemFor(principal, user, contentId);
  if (!generable(item.mainLibrary)) throw AppError.filled(AI_ERR.typeNotGenerable, { type: item.mainLibrary });
  return generateItem(user, actor, {
    contentType: item.mainLibrary,
    brief: VARIANT[b.variant](b.readingLevel),
    source: sourceOfItem(item),
    language: item.language,
    difficulty: b.variant === 'easier' ? 'easy' : b.variant === 'harder' ? 'hard' : 'medium',
    questionCount: 5,
    save: b.save,
  });
}

/** POST /api/ai/content/:id/remix: the item's content as another type (one credit). */
export async function remix(principal: Principal | null, user: User, actor: H5pActor, contentId: string, b: z.infer<typeof remixBody>): Promise<Generated> {
  assertAiConfigured();
  const item = await itemFor(principal, user, contentId);
  return generateItem(user, actor, {
    contentType: b.contentType,
    brief: 'Remake the activity in the source as this content type, covering the same knowledge.',
    source: sourceOfItem(item),
    language: item.language,
    difficulty: b.difficulty,
    questionCount: b.questionCount,
    save: b.save,
  });
}
