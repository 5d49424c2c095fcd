// The results pages' numbers (issue 11, item 2): per content (summary, score histogram, attempts, item analysis),
// per collection (a learner × item grid), per learner (their attempts on the caller's content) and a learner's
// own results. Who may read them (item 3): the content's owner, a super admin, an admin of the owner's tenant, or
// an editor the content is shared with (issue 27; per content only); everyone else gets the same 404 as unknown content. Learners read only their own.
// Only attempts count (issue 23 item 1): a learner's play that never got an interaction is a view, the owner's own
// play a preview (lib/results/intake.ts); neither is in any number, list or export here — the summary counts them apart.
import { db, Prisma } from '@/lib/db/client';
import type { Principal } from '@/lib/auth/types';
import type { User } from '@/lib/generated/prisma/client';
import { contentAccessFacts, CONTENT_NOT_FOUND, contentRoleOf, readerOf, readerTenant, type Reader } from '@/lib/h5p';
import { AppError } from '@/lib/errors';
import { COLLECTION_NOT_FOUND } from '@/lib/collections';
import { z } from 'zod';
import { plainText } from './statements';

export interface Range {
  from?: Date;
  to?: Date;
}

export const HISTOGRAM_BUCKETS = 10;
/** rows of a CSV export at most */
export const CSV_MAX_ROWS = 50_000;

/** The caller as a results reader (their local record's tenant loaded). */
export async function resultsReader(principal: Principal | null, user: User | null): Promise<Reader> {
  const reader = readerOf(principal, user);
  if (reader.tenantAdmin) await readerTenant(reader);
  return reader;
}

/** Content whose results the reader may see: 404 Content not found otherwise (unknown content too). */
export async function assertResultsAccess(reader: Reader, contentId: string): Promise<void> {
  const facts = await contentAccessFacts(contentId);
  if (!facts) throw new AppError(404, CONTENT_NOT_FOUND);
  if (mayReadResults(reader, facts.ownerId, facts.ownerTenantId)) return;
  // an editor of the content (issue 27) sees its results; a viewer does not
  if ((await contentRoleOf(reader, contentId, facts)) !== 'editor') throw new AppError(404, CONTENT_NOT_FOUND);
}

function mayReadResults(reader: Reader, ownerId: string | null | undefined, ownerTenantId: string | null | undefined): boolean {
  if (reader.kind !== 'user' && reader.kind !== 'internal') return false;
  if (reader.superAdmin) return true;
  if (ownerId && ownerId === reader.userId) return true;
  return reader.tenantAdmin && !!ownerId && !!reader.tenantId && reader.tenantId === ownerTenantId;
}

/** SQL for "started within the range" on the attempts alias `a`. */
const startedIn = (r: Range) =>
  Prisma.sql`${r.from ? Prisma.sql`AND a.started_at >= ${r.from}` : Prisma.empty} ${r.to ? Prisma.sql`AND a.started_at < ${r.to}` : Prisma.empty}`;

/** SQL for "an attempt (not a view, not a preview) started within the range" on the attempts alias `a`. */
const inRange = (r: Range) => Prisma.sql`AND a.kind = 'attempt' ${startedIn(r)}`;

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const contentSummarySchema = z.object({
  /** attempts: plays with at least one interaction, by learners other than the author */
  attempts: z.number().int(),
  /** plays by learners who only looked (no interaction), not counted as attempts */
  views: z.number().int(),
  /** the author's own plays, kept apart from every statistic */
  previews: z.number().int(),
  learners: z.number().int(),
  completed: z.number().int(),
  /** completed / attempts (0..1); null without attempts */
  completionRate: z.number().nullable(),
  /** mean and median of the attempts' scaled scores (0..1) */
  averageScore: z.number().nullable(),
  medianScore: z.number().nullable(),
  /** attempts per tenth of the scaled score: [0–10 %), [10–20 %) … [90–100 %] */
  histogram: z.array(z.number().int()),
  averageDurationMs: z.number().nullable(),
  medianDurationMs: z.number().nullable(),
  totalDurationMs: z.number(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export async function contentSummary(contentId: string, range: Range): Promise<ContentSummary> {
  const [rows, buckets, others] = await Promise.all([
    db().$queryRaw<Record<string, unknown>[]>`
      SELECT count(*)::int AS attempts, count(DISTINCT a.learner_key)::int AS learners, count(*) FILTER (WHERE a.completed)::int AS completed,
             avg(a.scaled) AS average, percentile_cont(0.5) WITHIN GROUP (ORDER BY a.scaled) AS median,
             avg(a.duration_ms)::float8 AS avg_duration, percentile_cont(0.5) WITHIN GROUP (ORDER BY a.duration_ms) AS median_duration,
             COALESCE(sum(a.duration_ms), 0)::float8 AS total_duration
      FROM learning_attempts a WHERE a.content_id = ${contentId} ${inRange(range)}`,
    db().$queryRaw<{ b: number; c: number }[]>`
      SELECT LEAST(GREATEST(floor(a.scaled * ${HISTOGRAM_BUCKETS}), 0), ${HISTOGRAM_BUCKETS - 1})::int AS b, count(*)::int AS c
      FROM learning_attempts a WHERE a.content_id = ${contentId} AND a.scaled IS NOT NULL ${inRange(range)} GROUP BY 1`,
    db().$queryRaw<{ views: number; previews: number }[]>`
      -- a preview counts once the author did something in it (a result or an answer): the author only opening the
      -- player again is no play
      SELECT count(*) FILTER (WHERE a.kind = 'view')::int AS views,
             count(*) FILTER (WHERE a.kind = 'preview' AND (a.finished_at IS NOT NULL OR EXISTS (SELECT 1 FROM attempt_responses r WHERE r.attempt_id = a.id)))::int AS previews
      FROM learning_attempts a WHERE a.content_id = ${contentId} AND a.kind IN ('view', 'preview') ${startedIn(range)}`,
  ]);
  const r = rows[0] ?? {};
  const histogram = Array.from({ length: HISTOGRAM_BUCKETS }, () => 0);
  for (const { b, c } of buckets) histogram[b] = c;
  const attempts = Number(r.attempts ?? 0);
  return {
    attempts,
    views: others[0]?.views ?? 0,
    previews: others[0]?.previews ?? 0,
    learners: Number(r.learners ?? 0),
    completed: Number(r.completed ?? 0),
    completionRate: attempts ? Number(r.completed ?? 0) / attempts : null,
    averageScore: n(r.average),
    medianScore: n(r.median),
    histogram,
    averageDurationMs: n(r.avg_duration),
    medianDurationMs: n(r.median_duration),
    totalDurationMs: Number(r.total_duration ?? 0),
  };
}

export const attemptRowSchema = z.object({
  id: z.string(),
  contentId: z.string(),
  contentTitle: z.string().nullable().optional(),
  learner: z.object({ key: z.string(), name: z.string(), kind: z.enum(['user', 'anonymous', 'lti']) }),
  source: z.string(),
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  scaled: z.number().nullable(),
  success: z.boolean().nullable(),
  completed: z.boolean(),
  durationMs: z.number().nullable(),
  statements: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** grade passback to an LMS: sent, pending, failed: <status>, or null when there is none to send */
  passback: z.string().nullable(),
});
export type AttemptRow = z.infer<typeof attemptRowSchema>;

/** The name shown for a learner: the user's name, the name an anonymous viewer gave, or a short anonymous id. */
function learnerOfRow(key: string, userName: string | null, learnerName: string | null): AttemptRow['learner'] {
  if (key.startsWith('user:')) return { key, name: userName ?? learnerName ?? key.slice(5, 13), kind: 'user' };
  if (key.startsWith('lti:')) return { key, name: learnerName ?? key.slice(key.lastIndexOf(':') + 1), kind: 'lti' };
  return { key, name: learnerName ?? `Anonymous ${key.slice(5, 13)}`, kind: 'anonymous' };
}

/** How a grade passback row reads: sent, pending, failed: <status>; null when there is none to send. */
export const passbackText = (status: string | null, detail: string | null) =>
  !status || status === 'no-context' ? null : status === 'failed' ? `failed: ${detail ?? 'unknown'}` : status;

function attemptRow(r: Record<string, unknown>): AttemptRow {
  return {
    id: String(r.id),
    contentId: String(r.content_id),
    ...(r.content_title !== undefined ? { contentTitle: (r.content_title as string | null) ?? null } : {}),
    learner: learnerOfRow(String(r.learner_key), (r.user_name as string | null) ?? null, (r.learner_name as string | null) ?? null),
    source: String(r.source),
    score: n(r.score),
    maxScore: n(r.max_score),
    scaled: n(r.scaled),
    success: (r.success as boolean | null) ?? null,
    completed: Boolean(r.completed),
    durationMs: n(r.duration_ms),
    statements: Number(r.statements ?? 0),
    startedAt: (r.started_at as Date).toISOString(),
    finishedAt: r.finished_at ? (r.finished_at as Date).toISOString() : null,
    passback: passbackText((r.passback_status as string | null) ?? null, (r.passback_detail as string | null) ?? null),
  };
}

const ATTEMPT_COLUMNS = Prisma.sql`a.id, a.content_id, a.learner_key, a.learner_name, a.source, a.score, a.max_score, a.scaled, a.success, a.completed,
  a.duration_ms, a.statements, a.started_at, a.finished_at, u.name AS user_name, g.status AS passback_status, g.detail AS passback_detail`;

export interface Page {
  limit: number;
  offset: number;
}

/** One page of a content item's attempts, newest first, and their total. */
export async function contentAttempts(contentId: string, range: Range, page: Page): Promise<{ rows: AttemptRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db().$queryRaw<Record<string, unknown>[]>`
      SELECT ${ATTEMPT_COLUMNS} FROM learning_attempts a
      LEFT JOIN users u ON u.id = a.user_id LEFT JOIN grade_passback g ON g.attempt_id = a.id
      WHERE a.content_id = ${contentId} ${inRange(range)}
      ORDER BY a.started_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    db().$queryRaw<{ c: number }[]>`SELECT count(*)::int AS c FROM learning_attempts a WHERE a.content_id = ${contentId} ${inRange(range)}`,
  ]);
  return { rows: rows.map(attemptRow), total: total[0]?.c ?? 0 };
}

export const itemRowSchema = z.object({
  itemId: z.string(),
  name: z.string().nullable(),
  interactionType: z.string().nullable(),
  answers: z.number().int(),
  correct: z.number().int(),
  /** correct / answers (0..1) */
  shareCorrect: z.number().nullable(),
  averageScore: z.number().nullable(),
  /** the wrong answers chosen most often, as the learners saw them */
  commonWrongAnswers: z.array(z.object({ response: z.string(), count: z.number().int() })),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

const RESPONSE_SEPARATOR = '[,]';

/** A stored response in the words of its choices (choice interactions answer with choice ids). */
function readable(response: string, choices: { id: string; text: string }[] | null): string {
  if (!choices?.length) return response;
  const byId = new Map(choices.map((c) => [c.id, c.text]));
  return response
    .split(RESPONSE_SEPARATOR)
    .map((id) => byId.get(id) ?? id)
    .join('; ');
}

/** SQL for "answered within the range" on the answers alias `r`. */
const answeredInRange = (r: Range) =>
  Prisma.sql`${r.from ? Prisma.sql`AND r.answered_at >= ${r.from}` : Prisma.empty} ${r.to ? Prisma.sql`AND r.answered_at < ${r.to}` : Prisma.empty}`;

/** Which answers item analysis reads: each learner's first answer to each question, or every answer (retries too). */
export const ITEM_ANSWERS = ['first', 'all'] as const;
export type ItemAnswers = (typeof ITEM_ANSWERS)[number];

/**
 * The answers item analysis reads, as `ans` (item_id, correct, share, response, answered_at, item_name,
 * interaction_type, choices): answers given in attempts (never a view's or the author's preview), within the
 * range. "first": each learner's first answer to each question (first ever: a retry inside the range is not a
 * first answer); "all": every answer. Correct is the statement's success, or — for statements without one (Blanks,
 * Drag Text, Summary) — a full score (issue 23 item 4).
 */
function answersCte(contentId: string, range: Range, which: ItemAnswers): Prisma.Sql {
  const picked =
    which === 'first'
      ? Prisma.sql`SELECT * FROM (
          SELECT DISTINCT ON (a.learner_key, r.item_id) r.*
          FROM attempt_responses r JOIN learning_attempts a ON a.id = r.attempt_id
          WHERE r.content_id = ${contentId} AND a.kind = 'attempt'
          ORDER BY a.learner_key, r.item_id, r.answered_at, r.statement_id
        ) r WHERE true ${answeredInRange(range)}`
      : Prisma.sql`SELECT r.* FROM attempt_responses r JOIN learning_attempts a ON a.id = r.attempt_id
          WHERE r.content_id = ${contentId} AND a.kind = 'attempt' ${answeredInRange(range)}`;
  return Prisma.sql`ans AS (
    SELECT p.item_id, p.response, p.answered_at, p.item_name, p.interaction_type, p.choices,
           COALESCE(p.success, p.max_score > 0 AND p.score >= p.max_score) AS correct,
           p.score / NULLIF(p.max_score, 0) AS share
    FROM (${picked}) p
  )`;
}

/**
 * Per question: answers, share correct, average score, and the three wrong answers chosen most often — over the
 * answers `which` names (first answers by default). One row per question, in the question's own words (its latest
 * answer's description, HTML reduced to text).
 */
export async function itemAnalysis(contentId: string, range: Range, which: ItemAnswers = 'first'): Promise<ItemRow[]> {
  const [items, wrong] = await Promise.all([
    db().$queryRaw<Record<string, unknown>[]>`
      WITH ${answersCte(contentId, range, which)}
      SELECT g.item_id, g.answers, g.correct, g.average, l.item_name AS name, l.interaction_type AS type, l.choices
      FROM (
        SELECT ans.item_id, count(*)::int AS answers, count(*) FILTER (WHERE ans.correct)::int AS correct,
               avg(ans.share) AS average, min(ans.answered_at) AS first
        FROM ans GROUP BY ans.item_id
      ) g
      -- the question's words and choices as last answered
      LEFT JOIN LATERAL (
        SELECT c.item_name, c.interaction_type, c.choices FROM ans c WHERE c.item_id = g.item_id ORDER BY c.answered_at DESC LIMIT 1
      ) l ON true
      ORDER BY g.first, g.item_id`,
    db().$queryRaw<{ item_id: string; response: string; c: number }[]>`
      WITH ${answersCte(contentId, range, which)}
      SELECT item_id, response, c FROM (
        SELECT ans.item_id, ans.response, count(*)::int AS c, row_number() OVER (PARTITION BY ans.item_id ORDER BY count(*) DESC, ans.response) AS k
        FROM ans
        WHERE ans.correct = false AND ans.response IS NOT NULL AND ans.response <> ''
        GROUP BY ans.item_id, ans.response
      ) w WHERE k <= 3 ORDER BY item_id, c DESC`,
  ]);
  const wrongByItem = new Map<string, { response: string; c: number }[]>();
  for (const w of wrong) wrongByItem.set(w.item_id, [...(wrongByItem.get(w.item_id) ?? []), w]);
  return items.map((i) => {
    const choices = (i.choices as { id: string; text: string }[] | null) ?? null;
    const answers = Number(i.answers);
    return {
      itemId: String(i.item_id),
      name: plainText((i.name as string | null) ?? null),
      interactionType: (i.type as string | null) ?? null,
      answers,
      correct: Number(i.correct),
      shareCorrect: answers ? Number(i.correct) / answers : null,
      averageScore: n(i.average),
      commonWrongAnswers: (wrongByItem.get(String(i.item_id)) ?? []).map((w) => ({ response: readable(w.response, choices), count: w.c })),
    };
  });
}

/** A learner's attempts on the content the reader may see results of (owner: their own content; admins: their scope). */
export async function learnerAttempts(reader: Reader, learnerKey: string, range: Range, page: Page): Promise<{ rows: AttemptRow[]; total: number }> {
  const scope = readerScope(reader);
  const [rows, total] = await Promise.all([
    db().$queryRaw<Record<string, unknown>[]>`
      SELECT ${ATTEMPT_COLUMNS}, c.title AS content_title FROM learning_attempts a
      JOIN h5p_contents c ON c.id = a.content_id
      LEFT JOIN content_ownership o ON o.content_id = a.content_id LEFT JOIN users ou ON ou.id = o.user_id
      LEFT JOIN users u ON u.id = a.user_id LEFT JOIN grade_passback g ON g.attempt_id = a.id
      WHERE a.learner_key = ${learnerKey} ${scope} ${inRange(range)}
      ORDER BY a.started_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    db().$queryRaw<{ c: number }[]>`
      SELECT count(*)::int AS c FROM learning_attempts a
      LEFT JOIN content_ownership o ON o.content_id = a.content_id LEFT JOIN users ou ON ou.id = o.user_id
      WHERE a.learner_key = ${learnerKey} ${scope} ${inRange(range)}`,
  ]);
  return { rows: rows.map(attemptRow), total: total[0]?.c ?? 0 };
}

/** SQL limiting attempts (alias a, ownership o, owner ou) to the content whose results the reader may see. */
function readerScope(reader: Reader): Prisma.Sql {
  if (reader.superAdmin) return Prisma.empty;
  if (reader.tenantAdmin && reader.tenantId) return Prisma.sql`AND (o.user_id = ${reader.userId}::uuid OR ou.tenant_id = ${reader.tenantId}::uuid)`;
  return Prisma.sql`AND o.user_id = ${reader.userId}::uuid`;
}

/** The signed-in learner's own attempts, newest first, with the titles of content they can still find. */
export async function myAttempts(userId: string, range: Range, page: Page): Promise<{ rows: AttemptRow[]; total: number }> {
  const key = `user:${userId}`;
  const [rows, total] = await Promise.all([
    db().$queryRaw<Record<string, unknown>[]>`
      SELECT ${ATTEMPT_COLUMNS}, c.title AS content_title FROM learning_attempts a
      JOIN h5p_contents c ON c.id = a.content_id
      LEFT JOIN users u ON u.id = a.user_id LEFT JOIN grade_passback g ON g.attempt_id = a.id
      WHERE a.learner_key = ${key} ${inRange(range)}
      ORDER BY a.started_at DESC, a.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    db().$queryRaw<{ c: number }[]>`SELECT count(*)::int AS c FROM learning_attempts a WHERE a.learner_key = ${key} ${inRange(range)}`,
  ]);
  return { rows: rows.map(attemptRow), total: total[0]?.c ?? 0 };
}

export const collectionGridSchema = z.object({
  items: z.array(z.object({ contentId: z.string(), title: z.string() })),
  learners: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      cells: z.array(z.object({ bestScore: z.number().nullable(), completed: z.boolean(), attempts: z.number().int() }).nullable()),
    }),
  ),
  totalLearners: z.number().int(),
});
export type CollectionGrid = z.infer<typeof collectionGridSchema>;

/** A collection's learner × item grid: per learner and item the best scaled score, completion and attempt count. */
export async function collectionGrid(reader: Reader, collectionId: string, range: Range, page: Page): Promise<CollectionGrid> {
  const collection = await db().collection.findUnique({ where: { id: collectionId }, select: { userId: true, user: { select: { tenantId: true } } } });
  if (!collection || !mayReadResults(reader, collection.userId, collection.user.tenantId)) throw new AppError(404, COLLECTION_NOT_FOUND);
  const items = await db().$queryRaw<{ content_id: string; title: string }[]>`
    SELECT i.content_id, c.title FROM collection_items i JOIN h5p_contents c ON c.id = i.content_id
    WHERE i.collection_id = ${collectionId}::uuid ORDER BY i.position, i.added_at`;
  const ids = items.map((i) => i.content_id);
  if (!ids.length) return { items: [], learners: [], totalLearners: 0 };
  const [learners, total] = await Promise.all([
    db().$queryRaw<Record<string, unknown>[]>`
      WITH l AS (
        SELECT a.learner_key, max(a.started_at) AS last FROM learning_attempts a
        WHERE a.content_id = ANY(${ids}) ${inRange(range)} GROUP BY a.learner_key
        ORDER BY last DESC, a.learner_key LIMIT ${page.limit} OFFSET ${page.offset}
      )
      SELECT a.learner_key, a.content_id, max(a.scaled) AS best, bool_or(a.completed) AS completed, count(*)::int AS attempts,
             max(u.name) AS user_name, max(a.learner_name) AS learner_name, max(l.last) AS last
      FROM l JOIN learning_attempts a ON a.learner_key = l.learner_key AND a.content_id = ANY(${ids}) ${inRange(range)}
      LEFT JOIN users u ON u.id = a.user_id
      GROUP BY a.learner_key, a.content_id`,
    db().$queryRaw<{ c: number }[]>`SELECT count(DISTINCT a.learner_key)::int AS c FROM learning_attempts a WHERE a.content_id = ANY(${ids}) ${inRange(range)}`,
  ]);
  const byLearner = new Map<string, { key: string; name: string; last: number; cells: CollectionGrid['learners'][number]['cells'] }>();
  for (const r of learners) {
    const key = String(r.learner_key);
    let row = byLearner.get(key);
    if (!row) {
      const who = learnerOfRow(key, (r.user_name as string | null) ?? null, (r.learner_name as string | null) ?? null);
      row = { key, name: who.name, last: (r.last as Date).getTime(), cells: ids.map(() => null) };
      byLearner.set(key, row);
    }
    row.cells[ids.indexOf(String(r.content_id))] = { bestScore: n(r.best), completed: Boolean(r.completed), attempts: Number(r.attempts) };
  }
  return {
    items: items.map((i) => ({ contentId: i.content_id, title: i.title })),
    learners: [...byLearner.values()].sort((a, b) => b.last - a.last || a.key.localeCompare(b.key)).map(({ key, name, cells }) => ({ key, name, cells })),
    totalLearners: total[0]?.c ?? 0,
  };
}

/** Rows as CSV (RFC 4180; a cell that a spreadsheet would run as a formula is prefixed with '). */
export function toCsv(header: string[], rows: (string | number | boolean | null | undefined)[][]): string {
  const cell = (v: string | number | boolean | null | undefined) => {
    if (v === null || v === undefined) return '';
    let s = String(v);
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
