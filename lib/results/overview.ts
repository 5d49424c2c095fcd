// The results page's two lists, from the scores the players store (h5p_finished_data, one row per learner and
// content): a learner's own results, and for an author the learners' results on their content. Both bounded and
// newest first; titles of content the learner can no longer read are withheld.
import { db } from '@/lib/db/client';

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

export async function myResults(userId: string, limit = RESULTS_LIMIT): Promise<MyResult[]> {
  const rows = await db().$queryRawUnsafe<{ content_id: string; title: string | null; score: number; max_score: number; finished_timestamp: bigint }[]>(
    `SELECT f.content_id,
            CASE WHEN o.visibility = 'public' OR o.user_id::text = $1::text THEN c.title END AS title,
            f.score, f.max_score, f.finished_timestamp
       FROM h5p_finished_data f
       LEFT JOIN h5p_contents c ON c.id = f.content_id
       LEFT JOIN content_ownership o ON o.content_id = f.content_id
      WHERE f.user_id = $1::text
      ORDER BY f.finished_timestamp DESC
      LIMIT $2`,
    userId,
    limit,
  );
  return rows.map((r) => ({ contentId: r.content_id, title: r.title, score: r.score, maxScore: r.max_score, finishedAt: new Date(Number(r.finished_timestamp) * (Number(r.finished_timestamp) < 1e12 ? 1000 : 1)) }));
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
