// What the results routes share: their query (date range, page, CSV) and the CSV answer.
import { z } from 'zod';
import { errorOf, VALIDATION_ERROR } from '@/lib/errors';
import { COLLECTION_NOT_FOUND } from '@/lib/collections';
import { CONTENT_NOT_FOUND } from '@/lib/h5p';
import { CSV_MAX_ROWS, ITEM_ANSWERS, toCsv, type Page, type Range } from './analytics';

const ATTEMPTS_INVALID = 'must be first or all';

/** The results routes' own errors: content or a collection the caller may not read answers as unknown. */
export const RESULTS_ERR = {
  contentNotFound: errorOf(404, CONTENT_NOT_FOUND),
  collectionNotFound: errorOf(404, COLLECTION_NOT_FOUND),
  attemptsInvalid: errorOf(400, VALIDATION_ERROR, `attempts: ${ATTEMPTS_INVALID}`),
} as const;

/** The page members of a results list's envelope (JSON, not CSV). */
export const RESULTS_PAGE_EXTRA = { total: z.number().int(), limit: z.number().int(), offset: z.number().int() };

/** What ?format=csv answers instead of the envelope. */
export const CSV_NOTE = 'With ?format=csv the answer is a CSV download (text/csv) of every row instead of the envelope.';

const day = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

const resultsFields = z.object({
    /** attempts started on or after (a date is its start, UTC) */
    from: day.optional(),
    /** attempts started before the end of this day (a date) or this instant */
    to: day.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
    format: z.enum(['json', 'csv']).default('json'),
  });
const toAfterFrom = (q: { from?: string; to?: string }) => !q.from || !q.to || rangeOf(q).from! < rangeOf(q).to!;

export const resultsQuery = resultsFields.strict().refine(toAfterFrom, { message: 'to: must be after from', path: ['to'] });

/** One content item's results: the date range and, for item analysis, which answers (issue 23 item 2). */
export const contentResultsQuery = resultsFields
  .extend({
    /** first: each learner's first answer to each question (the default); all: every answer, retries too */
    attempts: z.enum(ITEM_ANSWERS, { error: ATTEMPTS_INVALID }).default('first'),
  })
  .strict()
  .refine(toAfterFrom, { message: 'to: must be after from', path: ['to'] });

export type ResultsQuery = z.output<typeof resultsQuery>;

export function rangeOf(q: { from?: string; to?: string }): Range {
  const at = (v: string, endOfDay: boolean) => (v.length === 10 ? new Date(Date.parse(`${v}T00:00:00Z`) + (endOfDay ? 86_400_000 : 0)) : new Date(v));
  return { ...(q.from ? { from: at(q.from, false) } : {}), ...(q.to ? { to: at(q.to, true) } : {}) };
}

/** The page asked for; a CSV export is every row (up to CSV_MAX_ROWS). */
export const pageOf = (q: ResultsQuery): Page => (q.format === 'csv' ? { limit: CSV_MAX_ROWS, offset: 0 } : { limit: q.limit, offset: q.offset });

export function csvResponse(name: string, header: string[], rows: (string | number | boolean | null | undefined)[][]): Response {
  return new Response(toCsv(header, rows), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name.replace(/[^\w.-]+/g, '-')}.csv"`, 'Cache-Control': 'private, no-store' },
  });
}

const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);

export const ATTEMPT_CSV_HEADER = ['attempt', 'content', 'title', 'learner', 'learner_name', 'source', 'score', 'max_score', 'scaled_percent', 'success', 'completed', 'duration_seconds', 'statements', 'started_at', 'finished_at', 'passback'];

export function attemptCsvRow(a: import('./analytics').AttemptRow) {
  return [a.id, a.contentId, a.contentTitle ?? null, a.learner.key, a.learner.name, a.source, a.score, a.maxScore, pct(a.scaled), a.success, a.completed, a.durationMs === null ? null : Math.round(a.durationMs / 100) / 10, a.statements, a.startedAt, a.finishedAt, a.passback];
}

export { pct };

/** A learner in a path: user:<uuid>, anon:<uuid> or lti:<platform>:<subject>. */
export const learnerKeyParams = z.object({
  learnerKey: z
    .string()
    .max(300)
    .regex(/^(user:[0-9a-f-]{36}|anon:[0-9a-f-]{36}|lti:[^:\s]{1,100}:\S{1,255})$/i, 'must be user:<id>, anon:<id> or lti:<platform>:<subject>'),
});
