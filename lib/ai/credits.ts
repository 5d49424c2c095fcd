// AI credits (issue 13, item 2; spec "Limits"): one credit is taken atomically before the provider is called
// (one SQL statement that re-checks the limit: concurrent requests at the limit let exactly one through) and given
// back when the generation fails. Past the limit: 429 `AI generation limit reached`.
// A job item's credit is keyed by the item (issue 22, item 7): the charge inserts an ai_credit_charges row in the
// same transaction as the counter's increment, so a rerun of the item (a retry, a takeover after its instance
// died) finds the row and charges nothing; the refund deletes the row with the decrement, so it happens once.
import { forgetUser } from '@/lib/auth/users';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { consumeAiGeneration, releaseAiGeneration } from '@/lib/plans/quota';

import { AI_LIMIT_REACHED } from './errors';

export { AI_LIMIT_REACHED };

/** One item of an AI job: what its credit is keyed by. */
export interface CreditItem {
  jobId: string;
  index: number;
}

/** Charges the item's credit unless an earlier run of the item did; 429 past the limit (nothing charged). */
async function chargeItem(userId: string, item: CreditItem): Promise<void> {
  await db().$transaction(async (tx) => {
    const inserted = await tx.$executeRaw`INSERT INTO ai_credit_charges (job_id, item_index, user_id)
      VALUES (${item.jobId}::uuid, ${item.index}, ${userId}::uuid) ON CONFLICT DO NOTHING`;
    if (inserted === 0) return; // charged by an earlier run of this item
    if (!(await consumeAiGeneration(userId, tx))) throw new AppError(429, AI_LIMIT_REACHED);
  });
  await forgetUser(userId);
}

/** Gives the item's credit back, once: only the run that deletes its charge row gives it back. */
async function refundItem(userId: string, item: CreditItem): Promise<void> {
  await db().$transaction(async (tx) => {
    const deleted = await tx.$executeRaw`DELETE FROM ai_credit_charges WHERE job_id = ${item.jobId}::uuid AND item_index = ${item.index}`;
    if (deleted === 1) await releaseAiGeneration(userId, tx);
  });
  await forgetUser(userId);
}

/**
 * Runs `work` on one of the user's AI credits; the credit comes back if `work` throws. For a job item (`item`),
 * the credit is charged at most once however often the item runs.
 */
export async function withAiCredit<T>(userId: string, work: () => Promise<T>, item?: CreditItem): Promise<T> {
  if (item) await chargeItem(userId, item);
  else if (!(await consumeAiGeneration(userId))) throw new AppError(429, AI_LIMIT_REACHED);
  try {
    return await work();
  } catch (err) {
    await (item ? refundItem(userId, item) : releaseAiGeneration(userId)).catch(() => undefined);
    throw err;
  }
}
