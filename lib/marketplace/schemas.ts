import { z } from 'zod';

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
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ListQuery = z.output<typeof listQuery>;

export const cloneParams = z.object({ contentId: z.string().min(1).max(100) });

/** The optional body of the clone: the copy's title (default: the source's). */
export const cloneBody = z.object({ title: z.string().trim().min(1).max(255).optional().describe("the copy's title (default: the source's title)") });
