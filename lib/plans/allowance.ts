// Whether a user may make one more content item now (create, import, duplicate, marketplace clone), decided before
// the button is pressed: a screen disables Duplicate or Clone and says why (components/plans/QuotaReason.tsx) instead
// of failing after the click. Pure: the same rule as the charge (lib/plans/quota.ts consumeContentQuota — at or above
// the plan's monthly limit, unless -1), the refusal texts exactly as the API answers them.
import { CONTENT_QUOTA_EXCEEDED } from './quota';
import { PLAN_IDS, PLANS, planOf, type PlanId } from './plans';

/** The marketplace clone's refusal at the quota (spec: 403 Content limit reached). */
export const CLONE_LIMIT_REACHED = 'Content limit reached';

/** What the user is about to make: create/import/duplicate answer 429 Monthly content quota exceeded at the quota,
 * the marketplace's clone 403 Content limit reached. */
export type AllowanceAction = 'create' | 'duplicate' | 'clone';

export interface Allowance {
  allowed: boolean;
  /** why not: the API's exact refusal text ('Monthly content quota exceeded' or 'Content limit reached') */
  reason?: string;
  /** the cheapest plan that allows more (a plan id: 'pro' or 'premium'); absent when none does */
  upgradePlan?: PlanId;
  /** the user's plan and its monthly limit, and what they used (for the sentence under the reason) */
  plan?: PlanId;
  limit?: number;
  used?: number;
}

export function createAllowance(user: { plan: string; contentsCreatedThisMonth: number }, action: AllowanceAction = 'create'): Allowance {
  const plan = planOf(user.plan);
  const limit = plan.limits.contentsPerMonth;
  if (limit === -1 || user.contentsCreatedThisMonth < limit) return { allowed: true };
  const better = PLAN_IDS.map((id) => PLANS[id]).find((p) => p.price > plan.price && (p.limits.contentsPerMonth === -1 || p.limits.contentsPerMonth > limit));
  return {
    allowed: false,
    reason: action === 'clone' ? CLONE_LIMIT_REACHED : CONTENT_QUOTA_EXCEEDED,
    ...(better ? { upgradePlan: better.id } : {}),
    plan: plan.id,
    limit,
    used: user.contentsCreatedThisMonth,
  };
}
