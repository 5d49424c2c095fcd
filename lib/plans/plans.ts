// Plans, limits and feature flags exactly as the specification's tables give them (pure data and functions).

export const PLAN_IDS = ['free', 'pro', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The plans a user can buy (checkout). */
export const PAID_PLAN_IDS = ['pro', 'premium'] as const satisfies readonly PlanId[];

export const FEATURE_FLAGS = [
  'pdf-to-h5p',
  'video-to-h5p',
  'image-hotspot',
  'url-to-h5p',
  'blooms-critique',
  'differentiation',
  'bulk-generation',
  'lesson-bundle',
  'branching-scenario',
  'analytics-dashboard',
  'ai-recommendation',
  'content-remixer',
  'lti-integration',
  'lti-ags',
  'lti-nrps',
  'cmi5-launch',
  'whitelabel',
  'scorm-export',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

const PRO_FEATURES: FeatureFlag[] = [
  'pdf-to-h5p',
  'image-hotspot',
  'url-to-h5p',
  'blooms-critique',
  'differentiation',
  'bulk-generation',
  'analytics-dashboard',
  'content-remixer',
  'cmi5-launch',
  'scorm-export',
];
const PREMIUM_ONLY: FeatureFlag[] = [
  'video-to-h5p',
  'lesson-bundle',
  'branching-scenario',
  'ai-recommendation',
  'lti-integration',
  'lti-ags',
  'lti-nrps',
  'whitelabel',
];

const MB = 1024 * 1024;
const GB = 1024 * MB;

export interface Plan {
  id: PlanId;
  name: string;
  price: number;
  limits: { contentsPerMonth: number; aiGenerationsPerMonth: number; storageBytes: number };
  features: FeatureFlag[];
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    price: 0,
    limits: { contentsPerMonth: 3, aiGenerationsPerMonth: 5, storageBytes: 100 * MB },
    features: [],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    price: 4,
    limits: { contentsPerMonth: 30, aiGenerationsPerMonth: 100, storageBytes: 5 * GB },
    features: [...PRO_FEATURES],
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    price: 8,
    limits: { contentsPerMonth: -1, aiGenerationsPerMonth: -1, storageBytes: 50 * GB },
    features: [...PRO_FEATURES, ...PREMIUM_ONLY],
  },
};

/** Extra AI generations per converted referral. */
export const REFERRAL_EXTRA_CREDITS = 5;
/**
 * The most conversions that earn credits per referrer and calendar month (UTC): 10, so 50 credits a month (issue
 * 22 item 12: one referrer collected +245 credits from 49 fresh accounts). Conversions beyond are still recorded
 * as converted, with reward_type 'none', and earn nothing.
 */
export const REFERRAL_MONTHLY_REWARD_CAP = 10;
/** referrals.reward_type of a conversion that earned the credits (the cap's 'none' earned nothing) */
export const REWARDED = 'extra_credits';

export function isPlanId(v: unknown): v is PlanId {
  return typeof v === 'string' && (PLAN_IDS as readonly string[]).includes(v);
}

/** The plan of a stored value; unknown values fall back to free. */
export function planOf(id: string | null | undefined): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS.free;
}

export function planHasFeature(plan: string, feature: FeatureFlag): boolean {
  return planOf(plan).features.includes(feature);
}

/** The lowest plan that includes the feature. */
export function requiredPlanFor(feature: FeatureFlag): PlanId {
  return PLAN_IDS.find((id) => PLANS[id].features.includes(feature)) ?? 'premium';
}

export function featureMessage(feature: FeatureFlag): string {
  return `This feature requires the ${PLANS[requiredPlanFor(feature)].name} plan or higher`;
}

/** -1 means unlimited. */
export function isWithinLimit(used: number, limit: number): boolean {
  return limit === -1 || used < limit;
}

/** The plan's AI limit plus the credits of the conversions that earned them (rewarded referrals). */
export function aiLimitWithCredits(plan: string, rewardedReferrals: number): number {
  const base = planOf(plan).limits.aiGenerationsPerMonth;
  return base === -1 ? -1 : base + REFERRAL_EXTRA_CREDITS * rewardedReferrals;
}

/** The name of the plan that unlocks a feature the given plan lacks (null when it has it): what gated actions show. */
export function unlockingPlan(plan: string, feature: FeatureFlag): string | null {
  return planHasFeature(plan, feature) ? null : PLANS[requiredPlanFor(feature)].name;
}

export const scormPlanFor = (plan: string) => unlockingPlan(plan, 'scorm-export');
