import { describe, expect, it } from 'vitest';
import { createAllowance } from './allowance';

describe('createAllowance', () => {
  it('allows below the monthly limit and always on an unlimited plan', () => {
    expect(createAllowance({ plan: 'free', contentsCreatedThisMonth: 2 })).toEqual({ allowed: true });
    expect(createAllowance({ plan: 'pro', contentsCreatedThisMonth: 29 }, 'clone')).toEqual({ allowed: true });
    expect(createAllowance({ plan: 'premium', contentsCreatedThisMonth: 100_000 }, 'duplicate')).toEqual({ allowed: true });
  });
  it('refuses at the limit with the API text of the action and the plan that allows more', () => {
    expect(createAllowance({ plan: 'free', contentsCreatedThisMonth: 3 })).toEqual({
      allowed: false,
      reason: 'Monthly content quota exceeded',
      upgradePlan: 'pro',
      plan: 'free',
      limit: 3,
      used: 3,
    });
    expect(createAllowance({ plan: 'pro', contentsCreatedThisMonth: 31 }, 'clone')).toMatchObject({ allowed: false, reason: 'Content limit reached', upgradePlan: 'premium' });
    expect(createAllowance({ plan: 'pro', contentsCreatedThisMonth: 30 }, 'duplicate')).toMatchObject({ reason: 'Monthly content quota exceeded', upgradePlan: 'premium' });
  });
  it('treats an unknown plan as free', () => {
    expect(createAllowance({ plan: 'gold', contentsCreatedThisMonth: 3 })).toMatchObject({ allowed: false, plan: 'free', upgradePlan: 'pro' });
  });
});
