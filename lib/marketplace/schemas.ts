import { z } from 'zod';
import { MAX_CURSOR_LENGTH } from '@/lib/db/keyset';

/** Largest `offset` of the public list: an offset costs every row it skips, so deeper pages use the keyset `cursor`. */
export const MAX_MARKETPLACE_OFFSET = 10_000;

export const SORTS = ['newest', 'popular', 'quality'] as const;

export const listQuery = z.object({
  search: z.string().max(500).optional(),
  contentType: z.string().max(100).optional(),
  frameworkCode: z.string().max(50).optional(),
  gradeCode: z.string().max(50).optional(),
  subjectCode: z.string().max(100).optional(),
  difficulty: z.enum(['easy', 'medium', 'hard']).optional(),
  language: z.string().max(10).optional(),
  sortBy: z.enum(SORTS).default('newest'),
  offset: z.coerce.number().int().min(0).max(MAX_MARKETPLACE_OFFSET, `must be at most ${MAX_MARKETPLACE_OFFSET}; page further with cursor`).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** keyset cursor: the `nextCursor` of the previous page (same sort and filters); not combined with offset */
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
});
export type ListQuery = z.output<typeof listQuery>;

export const cloneParams = z.object({ contentId: z.string().min(1).max(100) });

/** The optional body of the clone: the copy's title (default: the source's). */
export const cloneBody = z.object({ title: z.string().trim().min(1).max(255).optional().describe("the copy's title (default: the source's title)") });
