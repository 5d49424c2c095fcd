// Tags on the owner's content (My content): lowercase, trimmed, 1..50 characters, at most 20 per item. PUT
// replaces the whole set; only the owner tags (403 like update, 404 for unknown content).
import { z } from 'zod';
import { db } from '@/lib/db/client';
import { AppError, errorOf } from '@/lib/errors';
import { ERR } from './content';

export const MAX_TAGS = 20;
export const TAG_MAX_LENGTH = 50;
export const TAG_ERR = {
  forbidden: 'Only the owner can tag this content',
  tooShort: 'a tag must not be empty',
  tooLong: `a tag must be at most ${TAG_MAX_LENGTH} characters`,
  tooMany: `at most ${MAX_TAGS} tags per content`,
  required: 'tags must be an array of strings',
  notString: 'each tag must be a string',
} as const;
export const TAG_ERRORS = { forbidden: errorOf(403, TAG_ERR.forbidden) } as const;

export const tagSchema = z.string({ error: TAG_ERR.notString }).trim().toLowerCase().min(1, TAG_ERR.tooShort).max(TAG_MAX_LENGTH, TAG_ERR.tooLong);
export const setTagsBody = z.object({ tags: z.array(tagSchema, { error: TAG_ERR.required }).max(MAX_TAGS, TAG_ERR.tooMany) });

export const contentTagsSchema = z.object({ contentId: z.string(), tags: z.array(z.string()) });
export type ContentTags = z.infer<typeof contentTagsSchema>;

/** PUT /h5p/content/:id/tags: replaces the owner's tags of one content item; answers the stored set (sorted). */
export async function setContentTags(userId: string, contentId: string, tags: string[]): Promise<ContentTags> {
  const unique = [...new Set(tags)].sort();
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { ownership: { select: { userId: true } } } });
  if (!row) throw new AppError(404, ERR.notFound);
  if (row.ownership?.userId !== userId) throw new AppError(403, TAG_ERR.forbidden);
  await db().$transaction([
    db().contentTag.deleteMany({ where: { contentId } }),
    db().contentTag.createMany({ data: unique.map((tag) => ({ contentId, tag })) }),
  ]);
  return { contentId, tags: unique };
}
