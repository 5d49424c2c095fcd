// The results page's two lists (app/(workspace)/results), from the learners' attempts (lib/results/intake.ts): a
// learner's own attempts, and for an author how learners did on each of their content items. Both bounded and
// newest first; titles of content the learner can no longer read are withheld. Only attempts are listed: a view
// (opened, nothing done) or the author's own preview is no result (issue 23 item 1).
import { db, Prisma } from '@/lib/db/client';
import { cursorScope, decodeCursor, encodeCursor, keysetAfter, keysetOrder, keysetValues, type CursorValues, type SortKey } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';

export interface MyResult {
  attemptId: string;
  contentId: string;
  /** null when the content is no longer shared with the learner */
  title: string | null;
  score: number | null;
  maxScore: number | null;
  scaled: number | null;
  completed: boolean;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface ContentResults {
  contentId: string;
  title: string;
  attempts: number;
  learners: number;
  /** mean scaled score, 0..1; null when no attempt has a score */
  averageScaled: number | null;
  lastAttemptAt: Date;
}

export const RESULTS_LIMIT = 100;

/** A learner's attempts are paged newest first by keyset: (started_at, id) of the last attempt shown. */
const RESULT_KEYS: SortKey[] = [
  { expr: Prisma.sql`a.started_at`, type: 'timestamptz', dir: 'desc' },
  { expr: Prisma.sql`a.id::text`, type: 'text', dir: 'desc' },
];
const RESULTS_SCOPE = cursorScope('my-attempts', {});

/**
 * One page of the learner's attempts (newest first) and the cursor of the next, older page (null on the last). An
 * unreadable `after` cursor shows the newest. Served by the index (learner_key, started_at DESC).
 */
export async function myResults(userId: string, after?: string, limit = RESULTS_LIMIT): Promise<{ results: MyResult[]; next: string | null }> {
  let position: CursorValues | null = null;
  try {
    position = after ? decodeCursor(after, RESULTS_SCOPE, RESULT_KEYS) : null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  const rows = await db().$queryRaw<
    { id: string; content_id: string; title: string | null; score: number | null; max_score: number | null; scaled: number | null; completed: boolean; started_at: Date; finished_at: Date | null; keys: CursorValues }[]
  >`
    SELECT a.id, a.content_id,
           CASE WHEN o.visibility = 'public' OR o.user_id IS NULL OR o.user_id = ${userId}::uuid THEN c.title END AS title,
           a.score, a.max_score, a.scaled, a.completed, a.started_at, a.finished_at, ${keysetValues(RESULT_KEYS)} AS keys
      FROM learning_attempts a
      JOIN h5p_contents c ON c.id = a.content_id
      LEFT JOIN content_ownership o ON o.content_id = a.content_id
     WHERE a.learner_key = ${`user:${userId}`} AND a.kind = 'attempt'${position ? Prisma.sql` AND ${keysetAfter(RESULT_KEYS, position)}` : Prisma.empty}
     ORDER BY ${keysetOrder(RESULT_KEYS)}
     LIMIT ${limit + 1}`;
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    next: last ? encodeCursor(RESULTS_SCOPE, last.keys) : null,
    results: rows.slice(0, limit).map((r) => ({
      attemptId: r.id,
      contentId: r.content_id,
      title: r.title,
      score: r.score,
      maxScore: r.max_score,
      scaled: r.scaled,
      completed: r.completed,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
    })),
  };
}

/** Per content item of the owner that has attempts: attempts, learners, average score, last attempt (newest first). */
export async function resultsOnMyContent(ownerId: string, limit = RESULTS_LIMIT): Promise<ContentResults[]> {
  const rows = await db().$queryRaw<{ content_id: string; title: string; attempts: number; learners: number; average: number | null; last: Date }[]>`
    SELECT a.content_id, c.title, count(*)::int AS attempts, count(DISTINCT a.learner_key)::int AS learners, avg(a.scaled) AS average, max(a.started_at) AS last
      FROM content_ownership o
      JOIN learning_attempts a ON a.content_id = o.content_id AND a.kind = 'attempt'
      JOIN h5p_contents c ON c.id = o.content_id
     WHERE o.user_id = ${ownerId}::uuid
     GROUP BY a.content_id, c.title
     ORDER BY last DESC
     LIMIT ${limit}`;
  return rows.map((r) => ({
    contentId: r.content_id,
    title: r.title,
    attempts: r.attempts,
    learners: r.learners,
    averageScaled: r.average === null ? null : Number(r.average),
    lastAttemptAt: r.last,
  }));
}

/** The content page's Results tab (the owner's): attempts, learners, average score and views of one item. */
export async function contentResultsSummary(contentId: string): Promise<{ attempts: number; learners: number; averageScaled: number | null; views: number }> {
  const [r] = await db().$queryRaw<{ attempts: number; learners: number; average: number | null; views: number }[]>`
    SELECT (count(*) FILTER (WHERE kind = 'attempt'))::int AS attempts,
           (count(DISTINCT learner_key) FILTER (WHERE kind = 'attempt'))::int AS learners,
           avg(scaled) FILTER (WHERE kind = 'attempt') AS average,
           (count(*) FILTER (WHERE kind = 'view'))::int AS views
      FROM learning_attempts WHERE content_id = ${contentId}`;
  return { attempts: r?.attempts ?? 0, learners: r?.learners ?? 0, averageScaled: r?.average === null || r?.average === undefined ? null : Number(r.average), views: r?.views ?? 0 };
}
