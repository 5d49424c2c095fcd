import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, PLANS, aiLimitWithCredits, featureMessage, isWithinLimit, planHasFeature, planOf, requiredPlanFor } from './plans';

const PREMIUM_ONLY = ['video-to-h5p', 'lesson-bundle', 'branching-scenario', 'ai-recommendation', 'lti-integration', 'lti-ags', 'lti-nrps', 'whitelabel'];

describe('plans', () => {
  it('has the limits of the spec', () => {
    expect(PLANS.free.limits).toEqual({ contentsPerMonth: 3, aiGenerationsPerMonth: 5, storageBytes: 104857600 });
    expect(PLANS.pro.limits).toEqual({ contentsPerMonth: 30, aiGenerationsPerMonth: 100, storageBytes: 5368709120 });
    expect(PLANS.premium.limits).toEqual({ contentsPerMonth: -1, aiGenerationsPerMonth: -1, storageBytes: 53687091200 });
    expect([PLANS.free.price, PLANS.pro.price, PLANS.premium.price]).toEqual([0, 4, 8]);
  });

  it.each(FEATURE_FLAGS.map((f) => [f]))('gates %s as the spec table says', (flag) => {
    expect(planHasFeature('free', flag)).toBe(false);
    expect(planHasFeature('premium', flag)).toBe(true);
    expect(planHasFeature('pro', flag)).toBe(!PREMIUM_ONLY.includes(flag));
    expect(requiredPlanFor(flag)).toBe(PREMIUM_ONLY.includes(flag) ? 'premium' : 'pro');
  });

  it('words the gate message with the required plan', () => {
    expect(featureMessage('scorm-export')).toBe('This feature requires the Pro plan or higher');
    expect(featureMessage('whitelabel')).toBe('This feature requires the Premium plan or higher');
  });

  it('treats unknown stored plans as free and -1 as unlimited', () => {
    expect(planOf('gold').id).toBe('free');
    expect(isWithinLimit(10_000, -1)).toBe(true);
    expect(isWithinLimit(3, 3)).toBe(false);
    expect(isWithinLimit(2, 3)).toBe(true);
  });

  it('adds 5 AI generations per converted referral, except when unlimited', () => {
    expect(aiLimitWithCredits('free', 2)).toBe(15);
    expect(aiLimitWithCredits('premium', 2)).toBe(-1);
  });
});
