// Referral program: a stable 8-hex code per user, conversion in one transaction, and stats.
// The reward is the converted referral itself: the AI limit is computed from the count of converted
// referrals that earned credits (lib/plans: aiLimitWithCredits, consumeAiGeneration), +5 per conversion, at most
// REFERRAL_MONTHLY_REWARD_CAP conversions per referrer and calendar month (UTC); the ones beyond are recorded as
// converted with reward_type 'none' and earn nothing.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/lib/config';
import { db, Prisma } from '@/lib/db/client';
import { REFERRAL_EXTRA_CREDITS, REFERRAL_MONTHLY_REWARD_CAP, REWARDED } from '@/lib/plans/plans';

export const REFERRAL_CODE_LENGTH = 8;

export const convertBody = z.object({
  referralCode: z.string().min(1).max(20),
  email: z.email().max(255),
});

// the success data of the referral routes (their response schemas; the browser's types are inferred from them)
export const referralLinkView = z.object({
  code: z.string().describe(`${REFERRAL_CODE_LENGTH} uppercase hex characters`),
  link: z.string().describe('the sign-in page with ?ref=<code>'),
});
export const convertResultView = z.object({ converted: z.boolean(), referrerId: z.string().nullable() });
export const referralStatsView = z.object({
  totalReferrals: z.number().int(),
  convertedReferrals: z.number().int(),
  pendingReferrals: z.number().int(),
  totalRewards: z.number().int().describe('AI generations earned'),
});

export const newReferralCode = () => randomBytes(REFERRAL_CODE_LENGTH / 2).toString('hex').toUpperCase();

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/** The user's code, generated on first request and stable afterwards (unique across users). */
export async function referralCodeOf(userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const current = await db().user.findUnique({ where: { id: userId }, select: { referralCode: true } });
    if (!current) throw new Error('user vanished');
    if (current.referralCode) return current.referralCode;
    try {
      // only when still unset: two first requests racing end with the same code
      await db().user.updateMany({ where: { id: userId, referralCode: null }, data: { referralCode: newReferralCode() } });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // another user holds that code: draw again
    }
  }
  throw new Error('could not generate a unique referral code');
}

export async function referralLink(userId: string) {
  const code = await referralCodeOf(userId);
  return { code, link: `${config().appUrl}/login?ref=${code}` };
}

export type ConvertResult = z.infer<typeof convertResultView>;

/** A conversion only counts for an account created this recently (a sign-up, not an existing user). */
export const REFERRAL_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const NOT_CONVERTED: ConvertResult = { converted: false, referrerId: null };

class NotConverted extends Error {}

/**
 * One transaction: find the referrer by code, claim the referred account (its referred_by), record the converted
 * referral (the +5 AI credits). A conversion counts only for an email that belongs to a local account created in
 * the last 7 days, with no referrer yet, that is not the referrer and is in the referrer's tenant (no tenant =
 * no tenant); anything else answers converted=false and changes nothing. The same email converts once.
 */
export async function convertReferral(referralCode: string, rawEmail: string): Promise<ConvertResult> {
  const code = referralCode.trim().toUpperCase();
  const email = rawEmail.trim().toLowerCase();
  try {
    return await db().$transaction(async (tx) => {
      const referrer = await tx.user.findUnique({ where: { referralCode: code }, select: { id: true, email: true, tenantId: true } });
      if (!referrer || referrer.email === email) return NOT_CONVERTED;
      // the monthly cap, atomically: the referrer's row is locked for the rest of the transaction, so concurrent
      // conversions for one referrer count this month's rewarded conversions one after the other
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${referrer.id}::uuid FOR UPDATE`;
      // claims the account in one conditional update: concurrent conversions of the same email credit once
      const claimed = await tx.user.updateMany({
        where: {
          email,
          referredById: null,
          tenantId: referrer.tenantId,
          createdAt: { gte: new Date(Date.now() - REFERRAL_WINDOW_MS) },
          NOT: { id: referrer.id },
        },
        data: { referredById: referrer.id },
      });
      if (claimed.count !== 1) return NOT_CONVERTED;
      const [month] = await tx.$queryRaw<{ rewarded: number }[]>`
        SELECT count(*)::int AS rewarded FROM referrals
        WHERE referrer_id = ${referrer.id}::uuid AND status = 'converted' AND reward_type = ${REWARDED}
          AND converted_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
      const reward = (month?.rewarded ?? 0) < REFERRAL_MONTHLY_REWARD_CAP ? REWARDED : 'none';
      const rows = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO referrals (id, referrer_id, referred_email, referral_code, status, reward_type, converted_at)
        VALUES (gen_random_uuid(), ${referrer.id}::uuid, ${email}, ${code}, 'converted', ${reward}, now())
        ON CONFLICT (referred_email) DO UPDATE SET status = 'converted', reward_type = EXCLUDED.reward_type, converted_at = now()
          WHERE referrals.status = 'pending' AND referrals.referrer_id = EXCLUDED.referrer_id
        RETURNING id`;
      // the email already converted for someone: undo the claim
      if (rows.length === 0) throw new NotConverted();
      return { converted: true, referrerId: referrer.id };
    });
  } catch (err) {
    if (err instanceof NotConverted) return NOT_CONVERTED;
    throw err;
  }
}

/** totalRewards: the credits actually earned (convertedReferrals × 5 while the referrer stays under the monthly cap). */
export async function referralStats(userId: string) {
  const groups = await db().referral.groupBy({ by: ['status', 'rewardType'], where: { referrerId: userId }, _count: { _all: true } });
  const count = (s: string) => groups.filter((g) => g.status === s).reduce((n, g) => n + g._count._all, 0);
  const total = groups.reduce((n, g) => n + g._count._all, 0);
  const rewarded = groups.filter((g) => g.status === 'converted' && g.rewardType === REWARDED).reduce((n, g) => n + g._count._all, 0);
  return { totalReferrals: total, convertedReferrals: count('converted'), pendingReferrals: count('pending'), totalRewards: rewarded * REFERRAL_EXTRA_CREDITS };
}
