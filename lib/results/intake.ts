// Statement intake (issue 11, item 1): a player's batch of xAPI statements becomes, in one SQL statement (one
// round trip, one transaction, shared with other requests' batches: group commit, lib/results/intake-commit.ts):
// the stored statements (a statement id seen before is skipped, so a batch sent twice is stored once), the
// attempt's roll-up (score, success, completion, duration, times), every answer to each question (issue 23 item 2:
// a Retry never overwrites the first answer), an LRS outbox row per new statement when an LRS is configured, and
// for a new result (completed, passed, failed, or a single-question type's top-level scored answer) the attempt's
// grade passback row (lib/lti/passback.ts), each outbox nudged by name (lib/db/outbox-worker.ts).
// What a play is (issue 23 item 1), decided here and never by the page: the owner's play of their own content is a
// *preview* (kept, but in no statistic, not forwarded to the LRS, never graded); anyone else's play is a *view* until
// their first interaction (any verb but the load-only ones, statements.ts LOAD_ONLY_VERBS), and from then an
// *attempt* that started at that interaction.
import { createHash } from 'node:crypto';
import type { Principal } from '@/lib/auth/types';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { assertCanRead, contentAccessFacts, contentRoleOf, CONTENT_NOT_FOUND, readerOf } from '@/lib/h5p';
import { localCache } from '@/lib/cache/local';
import { z } from 'zod';
import { apiError, AppError, errorCodeOf, errorOf } from '@/lib/errors';
import { nudgeOutbox, OUTBOX } from '@/lib/db/outbox-worker';
import { commitBatch, type PreparedBatch } from './intake-commit';
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
 * the learner is a signed-in user who may edit the content (its owner, or an editor it is shared with: issue 27;
 * lib/h5p/content/roles.ts). Content without an owner has no author whose plays could be previews.
 */
export async function isPreview(contentId: string, learner: Pick<Learner, 'userId'>): Promise<boolean> {
  if (!learner.userId) return false;
  const facts = await contentAccessFacts(contentId);
  if (!facts?.ownerId) return false;
  if (facts.ownerId === learner.userId) return true;
  // an editor of a shared item (issue 27) previews it too; only content of a school can be shared
  if (!facts.ownerTenantId) return false;
  const userId = learner.userId;
  return editorPlays().getOrLoad(`${contentId}:${userId}`, async () => (await contentRoleOf({ kind: 'user', userId, superAdmin: false, tenantAdmin: false }, contentId, facts)) === 'editor', () => EDITOR_PLAY_TTL_MS);
}

/** Whether a learner is an editor of the content, per instance for a short while (one share lookup per learner and item, not per batch). */
const EDITOR_PLAY_TTL_MS = 30_000;
const editorPlays = () => localCache<boolean>('intake-editor-plays', { ttlMs: EDITOR_PLAY_TTL_MS, max: 20_000, maxBytes: 4 * 1024 * 1024 });

export const intakeResultSchema = z.object({
  attemptId: z.string(),
  kind: z.enum(ATTEMPT_KINDS).describe('what the play is now: an attempt, a view (nothing done yet) or the author\'s preview'),
  stored: z.number().int().describe('statements stored now (a statement id already stored is skipped)'),
  duplicates: z.number().int().describe('statements of the batch already stored before'),
});
export type IntakeResult = z.infer<typeof intakeResultSchema>;

/** A batch checked and ready to be written (prepareBatch), and what its answer needs. */
export interface ReadyBatch {
  write: PreparedBatch;
  /** its distinct statements */
  count: number;
  /** any of them is the learner doing something */
  interacts: boolean;
  lrs: boolean;
  graded: boolean;
}

/**
 * Checks a validated batch for the learner and prepares its rows: every statement must be about the content (403
 * naming the first that is not), repeated statement ids are one, the actor is the service's.
 */
export async function prepareBatch(contentId: string, learner: Learner, batch: Batch): Promise<ReadyBatch> {
  const now = Date.now();
  batch.statements.forEach((s, i) => {
    if (!belongsTo(s, contentId)) throw AppError.filled(INTAKE_ERRORS.notThisContent, { n: i + 1 });
  });
  const rows = statementRows(learner.actor, batch.statements, now);
  const attemptId = attemptIdOf(learner.key, contentId, batch.attempt);
  const preview = await isPreview(contentId, learner);
  // each row names its attempt: the group's statement joins a batch's statements to it by that
  const head = `{"a":${JSON.stringify(attemptId)},`;
  let rowsJson = '';
  for (let i = 0; i < rows.length; i++) rowsJson += (i ? ',' : '') + head + JSON.stringify(rows[i]).slice(1);
  return {
    write: {
      attemptId,
      contentId,
      learnerKey: learner.key,
      userId: learner.userId,
      learnerName: learner.name,
      source: learner.source,
      gradingContext: learner.gradingContext ?? null,
      preview,
      statementIds: rows.map((r) => r.id),
      rowsJson,
    },
    count: rows.length,
    interacts: rows.some((r) => r.inter),
    lrs: !!config().xapiLrs,
    graded: !!learner.gradingContext,
  };
}

/**
 * Stores a prepared batch (all or nothing) and resolves once it is committed. It is written together with other
 * requests' batches (group commit, lib/results/intake-commit.ts), each storing what it would store alone.
 */
export async function storeBatch(ready: ReadyBatch): Promise<IntakeResult> {
  const { write } = ready;
  const out = await commitBatch(write).catch((err: unknown) => {
    // the content was deleted while its player was open: its results went with it
    if ((err as { code?: string })?.code === '23503' || /foreign key/i.test(String((err as Error)?.message))) throw new AppError(404, CONTENT_NOT_FOUND);
    throw err;
  });
  if (ready.lrs && out.stored && !write.preview) nudgeOutbox(OUTBOX.lrsForwarding);
  if (ready.graded && out.passback) nudgeOutbox(OUTBOX.gradePassback);
  const kind: AttemptKind = out.kind ?? (write.preview ? 'preview' : ready.interacts ? 'attempt' : 'view');
  return { attemptId: write.attemptId, kind, stored: out.stored, duplicates: ready.count - out.stored };
}

/**
 * Stores a validated batch for the learner (all or nothing). Only the batch's new statements (ids never stored
 * before) count: the attempt's roll-up, its answers and its grade passback are made from them alone, and a batch
 * none of whose statements is new creates or changes no attempt (issue 22 item 15: statements replayed under
 * another attempt id added a completed attempt). Which statements are new is decided by the insert itself, in the
 * same SQL statement, so two copies of a batch sent at once still make one attempt.
 */
export async function recordStatements(contentId: string, learner: Learner, batch: Batch): Promise<IntakeResult> {
  return storeBatch(await prepareBatch(contentId, learner, batch));
}
