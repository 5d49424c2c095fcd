import { describe, expect, it } from 'vitest';
import { createGate } from './create-gate';

describe('createGate', () => {
  it('lets a teacher with quota left start', () => {
    expect(createGate('teacher', { plan: 'pro', contentsCreatedThisMonth: 29 })).toEqual({ allowed: true });
    expect(createGate('admin', { plan: 'premium', contentsCreatedThisMonth: 10_000 })).toEqual({ allowed: true });
  });
  it('stops a student before the editor opens', () => {
    expect(createGate('student', { plan: 'free', contentsCreatedThisMonth: 0 })).toEqual({ allowed: false, reason: 'role' });
  });
  it('stops a teacher at the limit and names the plan that allows more', () => {
    expect(createGate('teacher', { plan: 'free', contentsCreatedThisMonth: 3 })).toEqual({ allowed: false, reason: 'quota', plan: 'Free', limit: 3, used: 3, upgrade: { name: 'Pro', limit: 30 } });
    expect(createGate('teacher', { plan: 'pro', contentsCreatedThisMonth: 30 })).toMatchObject({ reason: 'quota', upgrade: { name: 'Premium', limit: -1 } });
  });
});
