// Group commit of statement intake (issue 26 item 3): many requests' batches written by ONE SQL statement — one
// round trip, one transaction, one WAL flush — and each request answered only once that statement has committed
// (its rows are durable: synchronous_commit). The classic scheme: the first batch is written at once; while a
// write is in flight the next batches queue, and the queue goes out as the next group when a write slot frees.
//
// What each batch stores is exactly what it would store alone (lib/results/intake.ts describes it): a group holds
// batches of distinct attempts and distinct statement ids (a batch that shares either with a queued or in-flight
// one waits for the next group), so the batches of a group touch disjoint rows and commute; their order is the
// order they arrived in. When the group's statement fails (a constraint of one batch, a deadlock with another
// instance), nothing of it is stored and each batch is written again on its own, so one bad batch fails only
// its own request.
//
// Nothing here is needed for correctness across instances: the queue holds only requests not yet answered; a
// crash loses their writes and their answers together (the players send them again; statement ids make that a
// no-op), and instances meet only in the database.
import { config } from '@/lib/config';
import { dbPool } from '@/lib/db/client';
import { log } from '@/lib/log';
import type { AttemptKind, GradingContext } from './intake';

/** One batch ready to be written: what the SQL reads of it. */
export interface PreparedBatch {
  attemptId: string;
  contentId: string;
  learnerKey: string;
  userId: string | null;
  learnerName: string | null;
  source: string;
  gradingContext: GradingContext | null;
  preview: boolean;
  /** the batch's distinct statement ids */
  statementIds: string[];
  /** its statements' rows (lib/results/rollup.ts StatementRow, each with `a`: the attempt id) as JSON, without brackets */
  rowsJson: string;
}

export interface BatchOutcome {
  stored: number;
  passback: number;
  kind: AttemptKind | null;
}

/** Batches in one group at most, and the JSON of their statements at most (bytes, about). */
const MAX_GROUP = 200;
const MAX_GROUP_BYTES = 8 * 1024 * 1024;
/** Groups written at once per process. */
const MAX_IN_FLIGHT = 2;

// The statement of a group. bt: the batches (one row per attempt); x: their statements. s: the statements stored
// now (an id seen before is skipped); n: those, per batch; res: per batch the newest result among them (the later
// one in the batch on a tie); nb: per batch its count and when it started (its first interaction, else its first
// statement). a: each batch's attempt roll-up; r: every answer; o: the LRS outbox; p: the grade passback.
const GROUP_SQL = `WITH bt AS MATERIALIZED (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS b(attempt uuid, content text, lkey text, uid uuid, lname text, src text, grading jsonb, preview boolean)
), x AS MATERIALIZED (
  SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(a uuid, id uuid, ord int, verb text, object_id text, sub text, ts timestamptz, st jsonb, res jsonb, ans jsonb, inter boolean)
), s AS (
  INSERT INTO xapi_statements (id, attempt_id, content_id, learner_key, verb, object_id, sub_content_id, "timestamp", statement)
  SELECT x.id, bt.attempt, bt.content, bt.lkey, x.verb, x.object_id, x.sub, x.ts, x.st
  FROM x JOIN bt ON bt.attempt = x.a
  ON CONFLICT (id) DO NOTHING
  RETURNING id
), n AS (
  SELECT x.a, x.id, x.ord, x.ts, x.res, x.ans, x.inter FROM x JOIN s ON s.id = x.id
), res AS (
  SELECT DISTINCT ON (n.a) n.a, n.id, n.ts, (n.res->>'score')::float8 AS score, (n.res->>'maxScore')::float8 AS max_score, (n.res->>'scaled')::float8 AS scaled,
         (n.res->>'success')::boolean AS success, COALESCE((n.res->>'completed')::boolean, false) AS completed,
         round((n.res->>'durationMs')::numeric)::bigint AS duration_ms
  FROM n WHERE n.res IS NOT NULL
  ORDER BY n.a, n.ts DESC, n.ord DESC
), nb AS (
  SELECT n.a, count(*)::int AS stored, bool_or(n.inter) AS inter, COALESCE(min(n.ts) FILTER (WHERE n.inter), min(n.ts)) AS started
  FROM n GROUP BY n.a
), a AS (
  -- kind: the author's play is a preview; a play begins as a view and is an attempt from the learner's first
  -- interaction, which is when it started (a view starts when it was opened)
  INSERT INTO learning_attempts AS t (id, content_id, learner_key, user_id, learner_name, source, kind, score, max_score, scaled, success, completed, duration_ms, statements, started_at, finished_at, grading_context, updated_at)
  SELECT bt.attempt, bt.content, bt.lkey, bt.uid, bt.lname, bt.src,
         CASE WHEN bt.preview THEN 'preview' WHEN nb.inter THEN 'attempt' ELSE 'view' END,
         res.score, res.max_score, res.scaled, res.success, COALESCE(res.completed, false), res.duration_ms,
         nb.stored, nb.started, res.ts, bt.grading, now()
  FROM bt JOIN nb ON nb.a = bt.attempt LEFT JOIN res ON res.a = bt.attempt
  ON CONFLICT (id) DO UPDATE SET
    statements = t.statements + EXCLUDED.statements,
    grading_context = COALESCE(t.grading_context, EXCLUDED.grading_context),
    learner_name = COALESCE(EXCLUDED.learner_name, t.learner_name),
    kind = CASE WHEN t.kind = 'view' THEN EXCLUDED.kind ELSE t.kind END,
    started_at = CASE WHEN t.kind = 'view' AND EXCLUDED.kind <> 'view' THEN EXCLUDED.started_at
                      WHEN t.kind <> 'view' AND EXCLUDED.kind = 'view' THEN t.started_at
                      ELSE LEAST(t.started_at, EXCLUDED.started_at) END,
    score = CASE WHEN EXCLUDED.finished_at IS NOT NULL AND (t.finished_at IS NULL OR EXCLUDED.finished_at >= t.finished_at) THEN EXCLUDED.score ELSE t.score END,
    max_score = CASE WHEN EXCLUDED.finished_at IS NOT NULL AND (t.finished_at IS NULL OR EXCLUDED.finished_at >= t.finished_at) THEN EXCLUDED.max_score ELSE t.max_score END,
    scaled = CASE WHEN EXCLUDED.finished_at IS NOT NULL AND (t.finished_at IS NULL OR EXCLUDED.finished_at >= t.finished_at) THEN EXCLUDED.scaled ELSE t.scaled END,
    success = CASE WHEN EXCLUDED.finished_at IS NOT NULL AND (t.finished_at IS NULL OR EXCLUDED.finished_at >= t.finished_at) THEN EXCLUDED.success ELSE t.success END,
    duration_ms = CASE WHEN EXCLUDED.finished_at IS NOT NULL AND (t.finished_at IS NULL OR EXCLUDED.finished_at >= t.finished_at) THEN COALESCE(EXCLUDED.duration_ms, t.duration_ms) ELSE t.duration_ms END,
    finished_at = GREATEST(t.finished_at, EXCLUDED.finished_at),
    completed = t.completed OR EXCLUDED.completed,
    updated_at = now()
  RETURNING id, kind, grading_context, score, max_score
), r AS (
  -- every answer is kept, one row per answered statement: a Retry adds an answer, never overwrites the first
  INSERT INTO attempt_responses AS q (statement_id, attempt_id, item_id, content_id, item_name, interaction_type, response, correct_pattern, choices, success, score, max_score, answered_at)
  SELECT n.id, bt.attempt, y.item, bt.content, y.name, y.type, y.response, y.pattern, y.choices, y.success, y.score, y.max, y.at
  FROM n JOIN bt ON bt.attempt = n.a, jsonb_to_record(n.ans) AS y(item text, name text, type text, response text, pattern jsonb, choices jsonb, success boolean, score float8, max float8, at timestamptz)
  WHERE n.ans IS NOT NULL
  ON CONFLICT (statement_id) DO NOTHING
  RETURNING 1
), o AS (
  -- the author's previews are not learning records: they stay here and are not forwarded to the LRS
  INSERT INTO xapi_outbox (statement_id) SELECT n.id FROM n JOIN bt ON bt.attempt = n.a WHERE $3::boolean AND NOT bt.preview RETURNING 1
), p AS (
  INSERT INTO grade_passback AS g (attempt_id, statement_id, status, score, max_score, detail)
  SELECT a.id, res.id, CASE WHEN a.grading_context IS NULL THEN 'no-context' ELSE 'pending' END, a.score, a.max_score,
         CASE WHEN a.grading_context IS NULL THEN 'The attempt has no LMS grading context' END
  FROM a JOIN res ON res.a = a.id
  -- only an attempt is graded: never the author's preview
  WHERE a.kind = 'attempt'
  ON CONFLICT (attempt_id) DO UPDATE SET statement_id = EXCLUDED.statement_id, status = EXCLUDED.status, score = EXCLUDED.score,
    max_score = EXCLUDED.max_score, detail = EXCLUDED.detail, tries = 0, next_at = now(), updated_at = now()
  -- a grade the platform has already is not sent again (one attempt, one score; a changed score is sent)
  WHERE NOT (g.status = 'sent' AND g.score IS NOT DISTINCT FROM EXCLUDED.score AND g.max_score IS NOT DISTINCT FROM EXCLUDED.max_score)
  RETURNING attempt_id
)
SELECT bt.attempt::text AS attempt, COALESCE(nb.stored, 0) AS stored, a.kind,
       (SELECT count(*) FROM p WHERE p.attempt_id = bt.attempt)::int AS passback
FROM bt LEFT JOIN nb ON nb.a = bt.attempt LEFT JOIN a ON a.id = bt.attempt`;

interface Pending {
  batch: PreparedBatch;
  bytes: number;
  resolve: (o: BatchOutcome) => void;
  reject: (err: unknown) => void;
}

/** What this process's group commit has done (tests and diagnostics). */
export interface CommitStats {
  /** statements run (groups, and batches written again on their own) */
  writes: number;
  batches: number;
  /** the most batches one statement wrote */
  largest: number;
  /** groups that failed and were written again one by one */
  fallbacks: number;
}

interface State {
  queue: Pending[];
  inFlight: number;
  /** attempts and statement ids of the groups being written (a batch sharing one waits) */
  busy: Set<string>;
  stats: CommitStats;
}

const g = globalThis as unknown as { __lumenIntakeCommit?: State };
const state = (): State => (g.__lumenIntakeCommit ??= { queue: [], inFlight: 0, busy: new Set(), stats: { writes: 0, batches: 0, largest: 0, fallbacks: 0 } });

export const commitStats = (): CommitStats => ({ ...state().stats });

/** Writes the batch with whatever else is waiting; resolves once it is committed. */
export function commitBatch(batch: PreparedBatch): Promise<BatchOutcome> {
  // INTAKE_GROUP_COMMIT=false: each batch on its own, at once (as before group commit; for comparisons)
  if (!config().intakeGroupCommit) return write([batch]).then((out) => out[0]!);
  return new Promise((resolve, reject) => {
    state().queue.push({ batch, bytes: batch.rowsJson.length, resolve, reject });
    pump();
  });
}

const keysOf = (b: PreparedBatch) => [b.attemptId, ...b.statementIds];

/** Starts groups while write slots are free: each the queue's batches (in order) that share nothing with another. */
function pump(): void {
  const s = state();
  while (s.inFlight < MAX_IN_FLIGHT && s.queue.length) {
    const group: Pending[] = [];
    const rest: Pending[] = [];
    const taken = new Set<string>();
    let bytes = 0;
    for (const p of s.queue) {
      const keys = keysOf(p.batch);
      const full = group.length >= MAX_GROUP || (group.length > 0 && bytes + p.bytes > MAX_GROUP_BYTES);
      if (full || keys.some((k) => s.busy.has(k) || taken.has(k))) {
        rest.push(p);
        // what waits keeps its place: a later batch sharing its keys waits behind it
        for (const k of keys) taken.add(k);
        continue;
      }
      for (const k of keys) taken.add(k);
      group.push(p);
      bytes += p.bytes;
    }
    if (!group.length) return; // everything waiting shares something with a group in flight
    s.queue = rest;
    s.inFlight++;
    const keys = group.flatMap((p) => keysOf(p.batch));
    for (const k of keys) s.busy.add(k);
    void writeGroup(group).finally(() => {
      for (const k of keys) s.busy.delete(k);
      s.inFlight--;
      pump();
    });
  }
}

async function writeGroup(group: Pending[]): Promise<void> {
  try {
    const out = await write(group.map((p) => p.batch));
    group.forEach((p, i) => p.resolve(out[i]!));
  } catch (err) {
    if (group.length === 1) return group[0]!.reject(err);
    state().stats.fallbacks++;
    log.warn({ err, batches: group.length }, 'statement intake: a group failed, writing its batches one by one');
    // nothing of the group was stored: each batch again on its own, so only a bad one fails
    for (const p of group) {
      try {
        p.resolve((await write([p.batch]))[0]!);
      } catch (e) {
        p.reject(e);
      }
    }
  }
}

/** One statement for the batches (distinct attempts and statement ids); their outcomes in the same order. */
async function write(batches: PreparedBatch[]): Promise<BatchOutcome[]> {
  const bt = JSON.stringify(
    batches.map((b) => ({
      attempt: b.attemptId,
      content: b.contentId,
      lkey: b.learnerKey,
      uid: b.userId,
      lname: b.learnerName,
      src: b.source,
      grading: b.gradingContext,
      preview: b.preview,
    })),
  );
  let rows = '[';
  for (let i = 0; i < batches.length; i++) rows += (i ? ',' : '') + batches[i]!.rowsJson;
  rows += ']';
  const lrs = !!config().xapiLrs;
  const { rows: out } = await dbPool().query<{ attempt: string; stored: number; kind: AttemptKind | null; passback: number }>({
    name: 'lumen-intake-group',
    text: GROUP_SQL,
    values: [bt, rows, lrs],
  });
  const stats = state().stats;
  stats.writes++;
  stats.batches += batches.length;
  stats.largest = Math.max(stats.largest, batches.length);
  const byAttempt = new Map(out.map((r) => [r.attempt, r]));
  return batches.map((b) => {
    const r = byAttempt.get(b.attemptId);
    return { stored: r?.stored ?? 0, passback: r?.passback ?? 0, kind: r?.kind ?? null };
  });
}
