// Quota checks and the few atomic operations on a user's counters. Each consume is one SQL statement whose
// WHERE clause re-checks the limit, so concurrent requests cannot overrun it (PostgreSQL re-evaluates the
// condition on the row version it updates).
import { forgetUser } from '@/lib/auth/users';
import { db, type Prisma } from '@/lib/db/client';
import { z } from 'zod';

/** A query runner: the client, or the transaction a charge belongs to (a charge inside it commits or rolls back with it). */
type Runner = Pick<Prisma.TransactionClient, '$queryRawUnsafe' | '$executeRaw'>;

export const CONTENT_QUOTA_EXCEEDED = 'Monthly content quota exceeded';
import { AppError } from '@/lib/errors';
import { PLANS, REFERRAL_EXTRA_CREDITS, REWARDED, aiLimitWithCredits, isWithinLimit, planOf } from './plans';

const planLimitSql = (field: 'contentsPerMonth' | 'aiGenerationsPerMonth') =>
  `(CASE u.plan WHEN 'premium' THEN ${PLANS.premium.limits[field]} WHEN 'pro' THEN ${PLANS.pro.limits[field]} ELSE ${PLANS.free.limits[field]} END)`;

/** The converted referrals that earned credits (beyond the monthly cap a conversion earns nothing). */
export async function rewardedReferrals(userId: string): Promise<number> {
  return db().referral.count({ where: { referrerId: userId, status: 'converted', rewardType: REWARDED } });
}

/** A user's usage of their plan this month (GET /api/auth/me); a limit of -1 is unlimited. */
export const usageSchema = z.object({
  plan: z.string(),
  contentsUsed: z.number().int(),
  contentsLimit: z.number().int(),
  aiUsed: z.number().int(),
  aiLimit: z.number().int(),
  storageUsed: z.number(),
  storageLimit: z.number(),
});
export type Usage = z.infer<typeof usageSchema>;

export interface UsageSource {
  id: string;
  plan: string;
  contentsCreatedThisMonth: number;
  aiGenerationsThisMonth: number;
  storageUsed: bigint | number;
}

export async function usageOf(user: UsageSource): Promise<Usage> {
  const plan = planOf(user.plan);
  return {
    plan: plan.id,
    contentsUsed: user.contentsCreatedThisMonth,
    contentsLimit: plan.limits.contentsPerMonth,
    aiUsed: user.aiGenerationsThisMonth,
    aiLimit: aiLimitWithCredits(plan.id, await rewardedReferrals(user.id)),
    storageUsed: Number(user.storageUsed),
    storageLimit: plan.limits.storageBytes,
  };
}

/** Throws 429 when the monthly content quota is used up (spec: at or above the limit, unless -1). */
/** Whether the user may still create content this month (their plan's monthly allowance not used up). */
export function hasContentQuotaLeft(user: { plan: string; contentsCreatedThisMonth: number }): boolean {
  return isWithinLimit(user.contentsCreatedThisMonth, planOf(user.plan).limits.contentsPerMonth);
}

export function assertContentQuota(user: { plan: string; contentsCreatedThisMonth: number }, status = 429, message = CONTENT_QUOTA_EXCEEDED): void {
  if (!hasContentQuotaLeft(user)) {
    throw new AppError(status, message);
  }
}

/**
 * Atomically takes one content creation from the monthly quota; false when the quota is used up. Given a
 * transaction (`client`), the charge commits with the content it pays for (lib/h5p/content/create-owned.ts).
 */
export async function consumeContentQuota(userId: string, client: Runner = db()): Promise<boolean> {
  const rows = await client.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE users u SET contents_created_this_month = u.contents_created_this_month + 1, updated_at = now()
      WHERE u.id = $1::uuid AND (${planLimitSql('contentsPerMonth')} = -1 OR u.contents_created_this_month < ${planLimitSql('contentsPerMonth')})
      RETURNING u.id`,
    userId,
  );
  if (rows.length === 1) await forgetUser(userId);
  return rows.length === 1;
}

/** Gives back one content creation (the creation failed after the quota was taken). */
export async function releaseContentQuota(userId: string, client: Runner = db()): Promise<void> {
  await client.$executeRaw`UPDATE users SET contents_created_this_month = GREATEST(contents_created_this_month - 1, 0) WHERE id = ${userId}::uuid`;
  await forgetUser(userId);
}

/**
 * Atomically takes one AI generation from the monthly quota (plan limit + 5 per rewarded referral);
 * false when the quota is used up. One statement: concurrent requests at limit − 1 let exactly one through.
 */
export async function consumeAiGeneration(userId: string, client: Runner = db()): Promise<boolean> {
  const rows = await client.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE users u SET ai_generations_this_month = u.ai_generations_this_month + 1, updated_at = now()
      WHERE u.id = $1::uuid AND (
        ${planLimitSql('aiGenerationsPerMonth')} = -1 OR
        u.ai_generations_this_month < ${planLimitSql('aiGenerationsPerMonth')}
          + ${REFERRAL_EXTRA_CREDITS} * (SELECT count(*) FROM referrals r WHERE r.referrer_id = u.id AND r.status = 'converted' AND r.reward_type = '${REWARDED}')
      )
      RETURNING u.id`,
    userId,
  );
  if (rows.length === 1) await forgetUser(userId);
  return rows.length === 1;
}

export async function releaseAiGeneration(userId: string, client: Runner = db()): Promise<void> {
  await client.$executeRaw`UPDATE users SET ai_generations_this_month = GREATEST(ai_generations_this_month - 1, 0) WHERE id = ${userId}::uuid`;
  await forgetUser(userId);
}

/** Atomically adds bytes to the user's storage when the plan's allowance permits; false otherwise. */
export async function reserveStorage(userId: string, bytes: number, client: Runner = db()): Promise<boolean> {
  if (bytes <= 0) return true;
  const rows = await client.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE users u SET storage_used = u.storage_used + $2::bigint, updated_at = now()
      WHERE u.id = $1::uuid AND u.storage_used + $2::bigint <=
        (CASE u.plan WHEN 'premium' THEN ${PLANS.premium.limits.storageBytes}::bigint WHEN 'pro' THEN ${PLANS.pro.limits.storageBytes}::bigint ELSE ${PLANS.free.limits.storageBytes}::bigint END)
      RETURNING u.id`,
    userId,
    bytes,
  );
  if (rows.length === 1) await forgetUser(userId);
  return rows.length === 1;
}

export async function releaseStorage(userId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await db().$executeRaw`UPDATE users SET storage_used = GREATEST(storage_used - ${bytes}::bigint, 0) WHERE id = ${userId}::uuid`;
  await forgetUser(userId);
}
