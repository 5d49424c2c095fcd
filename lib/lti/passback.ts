// Grade passback (issue 12, item 4): an LTI learner's result (a completed, passed or failed statement) is queued
// by the intake as a `pending` grade_passback row (lib/results/intake.ts) and published here to the launch's AGS
// line item — the `lineitem` of the launch's endpoint claim, or one made once for the resource link.
// - every instance polls the table and is nudged by its own intake; a row is claimed with a lease (FOR UPDATE
//   SKIP LOCKED, next_at moved ahead), so two instances never send the same row at once;
// - a row becomes `sent` only if it still holds the statement that was sent: a newer result that arrived while
//   it was on its way resets the row to pending with the newer score, which is then sent (the newest is kept);
// - a refused or failed call is retried with exponential backoff; after MAX_TRIES it stays `failed` with the
//   platform's status (shown as "failed: <status>" on the results pages and counted on the settings page).
import { db } from '@/lib/db/client';
import { backoffSeconds, nudgeOutbox, OUTBOX, outboxWorker } from '@/lib/db/outbox-worker';
import type { LtiPlatform } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import type { GradingContext } from '@/lib/results';
import { createLineItemAt, listLineItemsAt, publishScore } from './services';

const POLL_MS = 2_000;
const LEASE_S = 120;
const BATCH = 20;
export const MAX_TRIES = 6;

/** The line item of an attempt's grading context: the launch's own, else the resource link's (made once). */
async function lineItemOf(p: LtiPlatform, ctx: GradingContext, label: string, scoreMaximum: number): Promise<string> {
  if (ctx.lineitem) return ctx.lineitem;
  if (!ctx.lineitems || !ctx.resourceLinkId || !ctx.contextId) throw new AppError(500, 'Failed to publish score: no line item');
  const key = { platformId: p.id, contextId: ctx.contextId, resourceLinkId: ctx.resourceLinkId };
  const known = await db().ltiLineItem.findUnique({ where: { platformId_contextId_resourceLinkId: key } });
  if (known) return known.lineitemUrl;
  // one the platform already has for the link (another instance made it, or a row was lost) is reused
  const existing = (await listLineItemsAt(p, ctx.lineitems, { resourceLinkId: ctx.resourceLinkId }))[0];
  const url = existing?.id ?? (await createLineItemAt(p, ctx.lineitems, { label, scoreMaximum, resourceLinkId: ctx.resourceLinkId, resourceId: ctx.resourceLinkId })).id;
  await db().ltiLineItem.upsert({ where: { platformId_contextId_resourceLinkId: key }, create: { ...key, lineitemUrl: url }, update: {} });
  return url;
}

interface Claimed {
  attempt_id: string;
  statement_id: string;
  tries: number;
  score: number | null;
  max_score: number | null;
  grading_context: GradingContext;
  title: string | null;
}

/** Sends one batch of due rows; how many were sent and how many failed. */
export async function passbackOnce(): Promise<{ sent: number; failed: number }> {
  const claimed = await db().$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT attempt_id FROM grade_passback WHERE status = 'pending' AND next_at <= now()
      ORDER BY next_at, attempt_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    ), leased AS (
      UPDATE grade_passback p SET next_at = now() + make_interval(secs => ${LEASE_S}), tries = p.tries + 1, updated_at = now()
      FROM due WHERE p.attempt_id = due.attempt_id RETURNING p.attempt_id, p.statement_id, p.tries, p.score, p.max_score
    )
    SELECT l.*, a.grading_context, c.title FROM leased l JOIN learning_attempts a ON a.id = l.attempt_id
    LEFT JOIN h5p_contents c ON c.id = a.content_id`;
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    const ctx = row.grading_context;
    let outcome: { ok: true } | { ok: false; detail: string };
    try {
      const p = await db().ltiPlatform.findUnique({ where: { id: ctx.platformId } });
      if (!p) throw new AppError(500, 'Failed to publish score: platform removed');
      const max = row.max_score && row.max_score > 0 ? row.max_score : 1;
      const given = Math.max(0, Math.min(row.score ?? 0, max));
      const url = await lineItemOf(p, ctx, ctx.resourceTitle ?? row.title ?? 'Lumen activity', max);
      await publishScore(p, url, { userId: ctx.subject, scoreGiven: given, scoreMaximum: max }, { fromLaunch: true });
      outcome = { ok: true };
    } catch (err) {
      const m = err instanceof AppError ? /: ([^:]+)$/.exec(err.message)?.[1]?.trim() ?? err.message : (err as Error).message;
      outcome = { ok: false, detail: (m || 'error').slice(0, 200) };
    }
    if (outcome.ok) {
      sent++;
      await db().$executeRaw`UPDATE grade_passback SET status = 'sent', detail = NULL, updated_at = now()
        WHERE attempt_id = ${row.attempt_id}::uuid AND statement_id = ${row.statement_id}::uuid AND status = 'pending'`;
    } else {
      failed++;
      const final = row.tries >= MAX_TRIES;
      await db().$executeRaw`UPDATE grade_passback SET status = ${final ? 'failed' : 'pending'}, detail = ${outcome.detail},
        next_at = now() + make_interval(secs => ${backoffSeconds(row.tries)}), updated_at = now()
        WHERE attempt_id = ${row.attempt_id}::uuid AND statement_id = ${row.statement_id}::uuid AND status = 'pending'`;
      log.warn({ attemptId: row.attempt_id, tries: row.tries, detail: outcome.detail, final }, 'LTI grade passback failed');
    }
  }
  return { sent, failed };
}

const worker = outboxWorker(OUTBOX.gradePassback, { pollMs: POLL_MS, batch: BATCH, rounds: 10, once: passbackOnce });

/** Starts this process's passback loop (called at start-up; idempotent). */
export function startGradePassback(): void {
  worker.start();
}

/** Sends a failed grade again (the settings page's retry). */
export async function retryFailedPassback(platformId: string): Promise<number> {
  const n = await db().$executeRaw`UPDATE grade_passback g SET status = 'pending', tries = 0, next_at = now(), updated_at = now()
    FROM learning_attempts a WHERE a.id = g.attempt_id AND g.status = 'failed' AND a.grading_context->>'platformId' = ${platformId}`;
  if (n) nudgeOutbox(OUTBOX.gradePassback);
  return n;
}
