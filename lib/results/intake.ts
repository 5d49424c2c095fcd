// Statement intake (issue 11, item 1): a player's batch of xAPI statements becomes, in one SQL statement (one
// round trip, one transaction): the stored statements (a statement id seen before is skipped, so a batch sent
// twice is stored once), the attempt's roll-up (score, success, completion, duration, times), every answer to
// each question (issue 23 item 2: a Retry never overwrites the first answer), an LRS outbox row per new statement
// when an LRS is configured, and for a new result (completed, passed, failed, or a single-question type's
// top-level scored answer) the attempt's grade passback row (lib/lti/passback.ts), each outbox nudged by name (lib/db/outbox-worker.ts).
// What a play is (issue 23 item 1), decided here and never by the page: the owner's play of their own content is a
// *preview* (kept, but in no statistic, not forwarded to the LRS, never graded); anyone else's play is a *view* until
// their first interaction (any verb but the load-only ones, statements.ts LOAD_ONLY_VERBS), and from then an
// *attempt* that started at that interaction.
import { createHash } from 'node:crypto';
import type { Principal } from '@/lib/auth/types';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { assertCanRead, contentAccessFacts, CONTENT_NOT_FOUND, readerOf } from '@/lib/h5p';
import { z } from 'zod';
import { apiError, AppError, errorCodeOf, errorOf } from '@/lib/errors';
import { nudgeOutbox, OUTBOX } from '@/lib/db/outbox-worker';
import { statementRows } from './rollup';
import { belongsTo, type Batch } from './statements';

export type LearnerSource = 'workspace' | 'embed' | 'api' | 'lti';

export interface Learner {
  /** user:<uuid>, anon:<uuid> or lti:<platform>:<subject> */
  key: string;
  userId: string | null;
  name: string | null;
  source: LearnerSource;
  /** the actor written into stored statements */
  actor: Record<string, unknown>;
  /** an LMS learner's grading context (the launch's AGS line item): their results go back to the platform */
  gradingContext?: GradingContext | null;
}

/** Where an LTI learner's attempt is graded (learning_attempts.grading_context; lib/lti/passback.ts). */
export interface GradingContext {
  platformId: string;
  launchId: string;
  subject: string;
  contextId: string | null;
  resourceLinkId: string | null;
  resourceTitle: string | null;
  /** the launch's line item, when it named one */
  lineitem: string | null;
  /** the context's line item container (a line item is made for the resource link when the launch named none) */
  lineitems: string | null;
}

export const NOT_THIS_CONTENT = 'Statement does not belong to this content';
export const ANONYMOUS_NEEDS_ID = 'Validation error: learner: an anonymous viewer needs an id';
/**
 * POST /h5p/xapi/:id's own errors. A statement about other content is named by its place in the batch
 * (`… (statement 3)`): its code is the text's without the place, so it stays one code.
 */
export const INTAKE_ERRORS = {
  anonymousNeedsId: errorOf(400, ANONYMOUS_NEEDS_ID),
  notThisContent: apiError(403, errorCodeOf(NOT_THIS_CONTENT), `${NOT_THIS_CONTENT} (statement <n>)`),
} as const;

/** The actor of a service-decided learner, in xAPI's account form (no e-mail address leaves in a statement). */
function accountActor(homePage: string, name: string, displayName: string | null) {
  return { objectType: 'Agent', account: { homePage, name }, ...(displayName ? { name: displayName } : {}) };
}

/**
 * Who sent the batch. A player token (the workspace's frame) names its signed-in viewer; an embed token (an
 * author's snippet) plays for anonymous viewers, each with the random id their browser keeps; a signed-in API
 * caller is themselves, for content they may read.
 */
export async function learnerOf(
  principal: Principal | null,
  user: User | null,
  contentId: string,
  given: Batch['learner'],
): Promise<Learner> {
  const home = config().appUrl;
  // a preview as learner records nothing (its page sends nothing either)
  if (principal?.kind === 'embed' && principal.tokenUse === 'preview') throw new AppError(403, 'Statements are recorded for learners only');
  if (principal?.kind === 'embed' && principal.tokenUse === 'lti') return ltiLearner(principal.ltiLaunchId ?? '', principal.learnerKey ?? '');
  if (principal?.kind === 'embed' && principal.tokenUse === 'embed') {
    if (!given) throw new AppError(400, ANONYMOUS_NEEDS_ID);
    const id = given.id.toLowerCase();
    const name = given.name ?? null;
    return { key: `anon:${id}`, userId: null, name, source: 'embed', actor: accountActor(`${home}/learners/anonymous`, id, name) };
  }
  if (!user || !principal || principal.kind === 'internal') throw new AppError(403, 'Statements are recorded for learners only');
  if (principal.kind === 'user') await assertCanRead(readerOf(principal, user), contentId);
  return {
    key: `user:${user.id}`,
    userId: user.id,
    name: null,
    source: principal.kind === 'embed' ? 'workspace' : 'api',
    actor: accountActor(`${home}/learners`, user.id, user.name),
  };
}

/** An LMS learner (a verified launch): known by platform and subject, graded back when the launch offered AGS. */
async function ltiLearner(launchId: string, key: string): Promise<Learner> {
  const launch = await db().ltiLaunch.findUnique({ where: { id: launchId }, include: { platform: { select: { issuer: true } } } });
  if (!launch || `lti:${launch.platformId}:${launch.subject}` !== key) throw new AppError(401, 'Invalid or expired token');
  const scores = launch.agsScopes.includes('https://purl.imsglobal.org/spec/lti-ags/scope/score');
  const gradingContext: GradingContext | null =
    scores && (launch.lineitemUrl || (launch.lineitemsUrl && launch.resourceLinkId))
      ? {
          platformId: launch.platformId,
          launchId: launch.id,
          subject: launch.subject,
          contextId: launch.contextId,
          resourceLinkId: launch.resourceLinkId,
          resourceTitle: launch.resourceTitle,
          lineitem: launch.lineitemUrl,
          lineitems: launch.lineitemsUrl,
        }
      : null;
  return { key, userId: null, name: launch.name, source: 'lti', actor: accountActor(launch.platform.issuer, launch.subject, launch.name), gradingContext };
}

/** The stored attempt's id: the player's attempt id, keyed by learner and content (no one can write into another's). */
export function attemptIdOf(learnerKey: string, contentId: string, playerAttempt: string): string {
  const h = createHash('sha256').update(`${learnerKey}\n${contentId}\n${playerAttempt.toLowerCase()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What a stored play is (learning_attempts.kind): only attempts count in results. */
export const ATTEMPT_KINDS = ['attempt', 'view', 'preview'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

/**
 * Whether the learner's plays of this content are previews (issue 23 item 1): decided here, never by the page —
 * the learner is a signed-in user who may edit the content (its owner; lib/h5p/engine/permissions.ts lets only the owner
 * edit owned content). Content without an owner has no author whose plays could be previews.
 */
export async function isPreview(contentId: string, learner: Pick<Learner, 'userId'>): Promise<boolean> {
  if (!learner.userId) return false;
  const facts = await contentAccessFacts(contentId);
  return !!facts?.ownerId && facts.ownerId === learner.userId;
}

export const intakeResultSchema = z.object({
  attemptId: z.string(),
  kind: z.enum(ATTEMPT_KINDS).describe('what the play is now: an attempt, a view (nothing done yet) or the author\'s preview'),
  stored: z.number().int().describe('statements stored now (a statement id already stored is skipped)'),
  duplicates: z.number().int().describe('statements of the batch already stored before'),
});
export type IntakeResult = z.infer<typeof intakeResultSchema>;

/**
 * Stores a validated batch for the learner (all or nothing). Only the batch's new statements (ids never stored
 * before) count: the attempt's roll-up, its answers and its grade passback are made from them alone, and a batch
 * none of whose statements is new creates or changes no attempt (issue 22 item 15: statements replayed under
 * another attempt id added a completed attempt). Which statements are new is decided by the insert itself, in the
 * same SQL statement, so two copies of a batch sent at once still make one attempt.
 */
export async function recordStatements(contentId: string, learner: Learner, batch: Batch): Promise<IntakeResult> {
  const now = Date.now();
  batch.statements.forEach((s, i) => {
    if (!belongsTo(s, contentId)) throw AppError.filled(INTAKE_ERRORS.notThisContent, { n: i + 1 });
  });
  const rows = statementRows(learner.actor, batch.statements, now);
  const attemptId = attemptIdOf(learner.key, contentId, batch.attempt);
  const lrs = !!config().xapiLrs;
  const preview = await isPreview(contentId, learner);
  // n: the new statements; res: the newest result among them (the later one in the batch on a tie), as the
  // roll-up took it; answers: the newest answer to each question among them
  const out = await db()
    .$queryRawUnsafe<{ stored: number; passback: number; kind: AttemptKind | null }[]>(
      `WITH s AS (
       INSERT INTO xapi_statements (id, attempt_id, content_id, learner_key, verb, object_id, sub_content_id, "timestamp", statement)
       SELECT x.id, $1::uuid, $2, $3, x.verb, x.object_id, x.sub, x.ts, x.st
       FROM jsonb_to_recordset($4::jsonb) AS x(id uuid, verb text, object_id text, sub text, ts timestamptz, st jsonb)
       ON CONFLICT (id) DO NOTHING
       RETURNING id
     ), n AS (
       SELECT x.id, x.ord, x.ts, x.res, x.ans, x.inter
       FROM jsonb_to_recordset($4::jsonb) AS x(id uuid, ord int, ts timestamptz, res jsonb, ans jsonb, inter boolean)
       JOIN s ON s.id = x.id
     ), res AS (
       SELECT n.id, n.ts, (n.res->>'score')::float8 AS score, (n.res->>'maxScore')::float8 AS max_score, (n.res->>'scaled')::float8 AS scaled,
              (n.res->>'success')::boolean AS success, COALESCE((n.res->>'completed')::boolean, false) AS completed,
              round((n.res->>'durationMs')::numeric)::bigint AS duration_ms
       FROM n WHERE n.res IS NOT NULL
       ORDER BY n.ts DESC, n.ord DESC
       LIMIT 1
     ), a AS (
       -- kind: the author's play is a preview; a play begins as a view and is an attempt from the learner's first
       -- interaction, which is when it started (a view starts when it was opened)
       INSERT INTO learning_attempts AS t (id, content_id, learner_key, user_id, learner_name, source, kind, score, max_score, scaled, success, completed, duration_ms, statements, started_at, finished_at, grading_context, updated_at)
       SELECT $1::uuid, $2, $3, $5::uuid, $6, $7,
              CASE WHEN $10::boolean THEN 'preview' WHEN EXISTS (SELECT 1 FROM n WHERE n.inter) THEN 'attempt' ELSE 'view' END,
              res.score, res.max_score, res.scaled, res.success, COALESCE(res.completed, false), res.duration_ms,
              (SELECT count(*) FROM s), COALESCE((SELECT min(n.ts) FROM n WHERE n.inter), (SELECT min(n.ts) FROM n)), res.ts, $9::jsonb, now()
       FROM (SELECT 1) AS one LEFT JOIN res ON true
       WHERE EXISTS (SELECT 1 FROM n)
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
       SELECT n.id, $1::uuid, x.item, $2, x.name, x.type, x.response, x.pattern, x.choices, x.success, x.score, x.max, x.at
       FROM n, jsonb_to_record(n.ans) AS x(item text, name text, type text, response text, pattern jsonb, choices jsonb, success boolean, score float8, max float8, at timestamptz)
       WHERE n.ans IS NOT NULL
       ON CONFLICT (statement_id) DO NOTHING
       RETURNING 1
     ), o AS (
       -- the author's previews are not learning records: they stay here and are not forwarded to the LRS
       INSERT INTO xapi_outbox (statement_id) SELECT id FROM s WHERE $8::boolean AND NOT $10::boolean RETURNING 1
     ), p AS (
       INSERT INTO grade_passback AS g (attempt_id, statement_id, status, score, max_score, detail)
       SELECT a.id, res.id, CASE WHEN a.grading_context IS NULL THEN 'no-context' ELSE 'pending' END, a.score, a.max_score,
              CASE WHEN a.grading_context IS NULL THEN 'The attempt has no LMS grading context' END
       FROM a JOIN res ON true
       -- only an attempt is graded: never the author's preview
       WHERE a.kind = 'attempt'
       ON CONFLICT (attempt_id) DO UPDATE SET statement_id = EXCLUDED.statement_id, status = EXCLUDED.status, score = EXCLUDED.score,
         max_score = EXCLUDED.max_score, detail = EXCLUDED.detail, tries = 0, next_at = now(), updated_at = now()
       -- a grade the platform has already is not sent again (one attempt, one score; a changed score is sent)
       WHERE NOT (g.status = 'sent' AND g.score IS NOT DISTINCT FROM EXCLUDED.score AND g.max_score IS NOT DISTINCT FROM EXCLUDED.max_score)
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM s)::int AS stored, (SELECT count(*) FROM a)::int AS attempts, (SELECT count(*) FROM r)::int AS responses,
            (SELECT count(*) FROM o)::int AS outbox, (SELECT count(*) FROM p)::int AS passback, (SELECT kind FROM a) AS kind`,
      attemptId,
      contentId,
      learner.key,
      JSON.stringify(rows),
      learner.userId,
      learner.name,
      learner.source,
      lrs,
      learner.gradingContext ? JSON.stringify(learner.gradingContext) : null,
      preview,
    )
    .catch((err: unknown) => {
      // the content was deleted while its player was open: its results went with it
      if (/23503|foreign key/i.test(String((err as Error)?.message))) throw new AppError(404, CONTENT_NOT_FOUND);
      throw err;
    });
  const stored = out[0]?.stored ?? 0;
  if (lrs && stored && !preview) nudgeOutbox(OUTBOX.lrsForwarding);
  if (learner.gradingContext && out[0]?.passback) nudgeOutbox(OUTBOX.gradePassback);
  const kind: AttemptKind = out[0]?.kind ?? (preview ? 'preview' : rows.some((r) => r.inter) ? 'attempt' : 'view');
  return { attemptId, kind, stored, duplicates: rows.length - stored };
}
