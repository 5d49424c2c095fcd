import { z } from 'zod';
import { CURSOR_ERR, MAX_CURSOR_LENGTH } from '@/lib/db/keyset';
import { apiError, errorOf, VALIDATION_ERROR } from '@/lib/errors';
import { curriculumSummarySchema, qualitySummarySchema } from '@/lib/curriculum';
import { ratingSummarySchema } from './rating';
import { bloomLevelSchema } from '@/lib/content/blooms';
import { CLONE_LIMIT_REACHED } from '@/lib/plans/allowance';
import { LICENCE_CODES, noDerivativesMessage, UNKNOWN_LICENCE } from '@/lib/content/licence';

/** Largest `offset` of the public list: an offset costs every row it skips, so deeper pages use the keyset `cursor`. */
export const MAX_MARKETPLACE_OFFSET = 10_000;

const OFFSET_TOO_DEEP = `must be at most ${MAX_MARKETPLACE_OFFSET}; page further with cursor`;
export const CURSOR_WITH_OFFSET = 'cannot be combined with offset';
export const CONTENT_NOT_PUBLIC = 'Content not found or not public';
/** the clone's refusal at the content quota: the same text the clone button's reason shows (lib/plans/allowance.ts) */
export const CONTENT_LIMIT_REACHED = CLONE_LIMIT_REACHED;

/** The marketplace routes' own errors. */
export const MARKETPLACE_ERR = {
  cursorInvalid: errorOf(400, VALIDATION_ERROR, `cursor: ${CURSOR_ERR.invalid}`),
  cursorOtherScope: errorOf(400, VALIDATION_ERROR, `cursor: ${CURSOR_ERR.otherScope}`),
  cursorWithOffset: errorOf(400, VALIDATION_ERROR, `cursor: ${CURSOR_WITH_OFFSET}`),
  offsetTooDeep: errorOf(400, VALIDATION_ERROR, `offset: ${OFFSET_TOO_DEEP}`),
  notPublic: errorOf(404, CONTENT_NOT_PUBLIC),
  limitReached: errorOf(403, CONTENT_LIMIT_REACHED),
  unknownLicence: errorOf(400, VALIDATION_ERROR, `license: ${UNKNOWN_LICENCE}`),
  noDerivatives: apiError(403, 'licence_no_derivatives', noDerivativesMessage('<licence>')),
} as const;

export const SORTS = ['newest', 'popular', 'quality', 'rating'] as const;

export const listQuery = z.object({
  search: z.string().max(500).optional(),
  contentType: z.string().max(100).optional(),
  frameworkCode: z.string().max(50).optional(),
  gradeCode: z.string().max(50).optional(),
  subjectCode: z.string().max(100).optional(),
  difficulty: z.enum(['easy', 'medium', 'hard']).optional(),
  language: z.string().max(10).optional(),
  /** H5P's licence code of the item (metadata.license; items without one are U) */
  license: z.enum(LICENCE_CODES, { error: UNKNOWN_LICENCE }).optional().describe("H5P's licence code, e.g. `CC BY-SA` (any version), `U` (undisclosed, also items without a licence), `C` (copyright)"),
  sortBy: z.enum(SORTS).default('newest'),
  offset: z.coerce.number().int().min(0).max(MAX_MARKETPLACE_OFFSET, OFFSET_TOO_DEEP).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** keyset cursor: the `nextCursor` of the previous page (same sort and filters); not combined with offset */
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
  /** `card`: each item adds what a card shows (type title and icon, licence, description); the default keeps the spec's item */
  include: z.enum(['card']).optional().describe("`card`: each item adds contentTypeTitle, typeIcon, license and description (what the marketplace's cards show)"),
});
export type ListQuery = z.output<typeof listQuery>;

export const cloneParams = z.object({ contentId: z.string().min(1).max(100) });

/** The optional body of the clone: the copy's title (default: the source's). */
export const cloneBody = z.object({ title: z.string().trim().min(1).max(255).optional().describe("the copy's title (default: the source's title)") });

/** One item of the public list. */
export const publicItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  mainLibrary: z.string(),
  contentTypeSlug: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  viewCount: z.number().int(),
  publishedAt: z.string().nullable(),
  curriculum: curriculumSummarySchema.nullable(),
  quality: qualitySummarySchema.nullable(),
  /** the item's Bloom's level (lib/content/blooms.ts), as every screen shows it */
  bloomsLevel: bloomLevelSchema.nullable(),
  // with include=card only (the spec's item stays as it is without it):
  /** the installed content type's title ("Multiple Choice"), in the caller's language where H5P translates it; null when the library is not installed */
  contentTypeTitle: z.string().nullable().optional().describe("include=card: the installed content type's title, in the caller's language where H5P ships a translation; null when its library is not installed"),
  /** the content type's icon (/h5p/libraries/<Machine>-<major>.<minor>/icon.svg); null when it has none */
  typeIcon: z.string().nullable().optional().describe("include=card: the content type's icon URL; null when the library ships none"),
  thumbnailUrl: z.string().nullable().optional().describe("include=card: the content's first image (same origin), null when it has none"),
  /** the H5P licence of the content's metadata ("CC BY-SA 4.0", "U" for undisclosed); null when none is set */
  license: z.string().nullable().optional().describe('include=card: the H5P licence of the content, code and version, e.g. "CC BY-SA 4.0", "U" (undisclosed)'),
  rating: ratingSummarySchema.optional().describe("include=card: the item's rating from teachers' reviews (average and count)"),
  /** the content's own introduction as plain text (its question, task or intro), cut at about 220 characters */
  description: z.string().nullable().optional().describe("include=card: the content's introduction (question, task or intro) as plain text, about 220 characters at most"),
});
export type PublicItem = z.infer<typeof publicItemSchema>;

export const facetsSchema = z.object({
  subjects: z.array(z.string()),
  grades: z.array(z.string()),
  difficulties: z.array(z.string()),
  languages: z.array(z.string()),
  frameworks: z.array(z.string()),
});
export type Facets = z.infer<typeof facetsSchema>;
/** display names of the facet codes, per facet */
export const facetNamesSchema = z.record(z.enum(['subjects', 'grades', 'difficulties', 'languages', 'frameworks']), z.record(z.string(), z.string()));
export type FacetNames = z.infer<typeof facetNamesSchema>;

export const cloneResultSchema = z.object({ contentId: z.string() });
