// The results page's two lists, from the scores the players store (h5p_finished_data, one row per learner and
// content): a learner's own results, and for an author the learners' results on their content. Both bounded and
// newest first; titles of content the learner can no longer read are withheld.
import { db, Prisma } from '@/lib/db/client';
import {
  cursorScope,
  decodeCursor,
  encodeCursor,
  keysetAfter,
  keysetOrder,
  keysetValues,
  type CursorValues,
  type SortKey,
} from '@/lib/db/keyset';
import { AppError } from '@/lib/http/errors';

export interface MyResult {
  contentId: string;
  /** null when the content is gone or no longer shared with the learner */
  title: string | null;
  score: number;
  maxScore: number;
  finishedAt: Date;
}

export interface ContentResults {
  contentId: string;
  title: string;
  learners: number;
  /** mean of score / max score, 0..1; null when no result has a maximum */
  averageScaled: number | null;
  lastFinishedAt: Date;
}

export const RESULTS_LIMIT = 100;

/** A learner's results are paged newest first by keyset: (finished_timestamp, id) of the last result shown. */
const RESULT_KEYS: SortKey[] = [
  { expr: Prisma.sql`f.finished_timestamp`, type: 'int', dir: 'desc' },
  { expr: Prisma.sql`f.id::text`, type: 'text', dir: 'desc' },
];
const RESULTS_SCOPE = cursorScope('my-results', {});

/** One page of the learner's results (newest first) and the cursor of the next, older page (null on the last). An
 * unreadable `after` cursor shows the newest results. Served by the index (user_id, finished_timestamp DESC). */
export async function myResults(
  userId: string,
  after?: string,
  limit = RESULTS_LIMIT,
): Promise<{ results: MyResult[]; next: string | null }> {
  let position: CursorValues | null = null;
  try {
    position = after ? decodeCursor(after, RESULTS_SCOPE, RESULT_KEYS) : null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  const rows = await db().$queryRaw<
    { content_id: string; title: string | null; score: number; max_score: number; finished_timestamp: bigint; keys: CursorValues }[]
  >`
    SELECT f.content_id,
           CASE WHEN o.visibility = 'public' OR o.user_id::text = ${userId}::text THEN c.title END AS title,
           f.score, f.max_score, f.finished_timestamp, ${keysetValues(RESULT_KEYS)} AS keys
      FROM h5p_finished_data f
      LEFT JOIN h5p_contents c ON c.id = f.content_id
      LEFT JOIN content_ownership o ON o.content_id = f.content_id
     WHERE f.user_id = ${userId}::text${position ? Prisma.sql` AND ${keysetAfter(RESULT_KEYS, position)}` : Prisma.empty}
     ORDER BY ${keysetOrder(RESULT_KEYS)}
     LIMIT ${limit + 1}`;
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    next: last ? encodeCursor(RESULTS_SCOPE, last.keys) : null,
    results: rows
      .slice(0, limit)
      .map((r) => ({
        contentId: r.content_id,
        title: r.title,
        score: r.score,
        maxScore: r.max_score,
        finishedAt: new Date(Number(r.finished_timestamp) * (Number(r.finished_timestamp) < 1e12 ? 1000 : 1)),
      })),
  };
}

export async function resultsOnMyContent(ownerId: string, limit = RESULTS_LIMIT): Promise<ContentResults[]> {
  const rows = await db().$queryRawUnsafe<{ content_id: string; title: string; learners: bigint; average: number | null; last: bigint }[]>(
    `SELECT f.content_id, c.title, count(*) AS learners,
            avg(f.score::float8 / NULLIF(f.max_score, 0)) AS average,
            max(f.finished_timestamp) AS last
       FROM content_ownership o
       JOIN h5p_contents c ON c.id = o.content_id
       JOIN h5p_finished_data f ON f.content_id = o.content_id
      WHERE o.user_id = $1::uuid
      GROUP BY f.content_id, c.title
      ORDER BY last DESC
      LIMIT $2`,
    ownerId,
    limit,
  );
  return rows.map((r) => ({
    contentId: r.content_id,
    title: r.title,
    learners: Number(r.learners),
    averageScaled: r.average === null ? null : Number(r.average),
    lastFinishedAt: new Date(Number(r.last) * (Number(r.last) < 1e12 ? 1000 : 1)),
  }));
}
