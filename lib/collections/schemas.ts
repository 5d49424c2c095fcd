import { z } from 'zod';

const opt = <T extends z.ZodType>(s: T) => s.optional();

const fields = {
  description: opt(z.string().max(2000)),
  coverImageUrl: opt(z.url().max(1000).nullable()),
  frameworkCode: opt(z.string().max(50)),
  frameworkName: opt(z.string().max(255)),
  gradeCode: opt(z.string().max(50)),
  gradeName: opt(z.string().max(255)),
  subjectCode: opt(z.string().max(100)),
  subjectName: opt(z.string().max(255)),
  topicCodes: opt(z.array(z.string().max(100)).max(100)),
  topicNames: opt(z.array(z.string().max(255)).max(100)),
  difficulty: opt(z.enum(['easy', 'medium', 'hard'])),
  language: opt(z.string().max(10)),
};

export const createBody = z.object({ title: z.string().trim().min(1).max(500), ...fields });
export type CreateInput = z.output<typeof createBody>;

/** On update a curriculum field may also be null: the field is cleared (it then no longer filters suggestions). */
const clear = <T extends z.ZodType>(s: T) => s.nullable().optional();
const updateFields = {
  ...fields,
  frameworkCode: clear(z.string().max(50)),
  frameworkName: clear(z.string().max(255)),
  gradeCode: clear(z.string().max(50)),
  gradeName: clear(z.string().max(255)),
  subjectCode: clear(z.string().max(100)),
  subjectName: clear(z.string().max(255)),
  difficulty: clear(z.enum(['easy', 'medium', 'hard'])),
  language: clear(z.string().max(10)),
};

export const updateBody = z.object({
  title: opt(z.string().trim().min(1).max(500)),
  visibility: opt(z.enum(['private', 'public'])),
  ...updateFields,
});
export type UpdateInput = z.output<typeof updateBody>;

/** Largest `offset` of the collections list (a teacher's collections; an offset costs every row it skips). */
export const MAX_COLLECTIONS_OFFSET = 10_000;

export const listQuery = z.object({
  offset: z.coerce.number().int().min(0).max(MAX_COLLECTIONS_OFFSET, `must be at most ${MAX_COLLECTIONS_OFFSET}`).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const idParams = z.object({ id: z.string().min(1).max(100) });
export const itemParams = z.object({ id: z.string().min(1).max(100), itemId: z.string().min(1).max(100) });

/** Maximum content ids in one batch add. */
export const MAX_BATCH_ADD = 500;

export const addItemsBody = z
  .object({
    contentId: z.string().min(1).max(100).optional(),
    contentIds: z.array(z.string().min(1).max(100)).min(1).max(MAX_BATCH_ADD).optional(),
  });
export type AddItemsInput = z.output<typeof addItemsBody>;

export const reorderBody = z.object({
  items: z
    .array(z.object({ id: z.uuid(), position: z.number().int().min(0) }))
    .min(1),
});
export type ReorderInput = z.output<typeof reorderBody>;
