// The quota operations run against the real PostgreSQL test database (the AI endpoints that will call
// consumeAiGeneration are not part of the specification yet, so the atomic operation is raced directly).
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import {
  assertContentQuota,
  consumeAiGeneration,
  consumeContentQuota,
  releaseStorage,
  reserveStorage,
  usageOf,
} from '@/lib/plans/quota';
import { setPlan, signedIn, uniqueEmail } from '../support/factories';

async function userWith(plan: 'free' | 'pro' | 'premium', data: { ai?: number; contents?: number; storage?: bigint } = {}) {
  const { user } = await signedIn(['student']);
  await setPlan(user.id, plan);
  return db().user.update({
    where: { id: user.id },
    data: { aiGenerationsThisMonth: data.ai ?? 0, contentsCreatedThisMonth: data.contents ?? 0, storageUsed: data.storage ?? 0n },
  });
}

async function race(n: number, fn: () => Promise<boolean>) {
  const results = await Promise.all(Array.from({ length: n }, fn));
  return results.filter(Boolean).length;
}

describe('AI generation quota: atomic check-and-increment', () => {
  it('lets exactly one of 60 concurrent requests through at limit − 1 (free: 5)', async () => {
    const u = await userWith('free', { ai: 4 });
    expect(await race(60, () => consumeAiGeneration(u.id))).toBe(1);
    const after = await db().user.findUniqueOrThrow({ where: { id: u.id } });
    expect(after.aiGenerationsThisMonth).toBe(5);
  });

  it('lets exactly one of 60 concurrent requests through at limit − 1 (pro: 100)', async () => {
    const u = await userWith('pro', { ai: 99 });
    expect(await race(60, () => consumeAiGeneration(u.id))).toBe(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).aiGenerationsThisMonth).toBe(100);
  });

  it('never passes the limit from zero under concurrency', async () => {
    const u = await userWith('free');
    expect(await race(50, () => consumeAiGeneration(u.id))).toBe(5);
  });

  it('adds 5 generations per converted referral', async () => {
    const u = await userWith('free', { ai: 5 });
    expect(await consumeAiGeneration(u.id)).toBe(false);
    await db().referral.createMany({
      data: [
        { referrerId: u.id, referredEmail: uniqueEmail('ref'), referralCode: 'ABCDEF01', status: 'converted', convertedAt: new Date() },
        { referrerId: u.id, referredEmail: uniqueEmail('ref'), referralCode: 'ABCDEF01', status: 'pending' },
      ],
    });
    expect((await usageOf(u)).aiLimit).toBe(10);
    expect(await race(50, () => consumeAiGeneration(u.id))).toBe(5);
  });

  it('is unlimited on premium (-1)', async () => {
    const u = await userWith('premium', { ai: 100_000 });
    expect(await race(20, () => consumeAiGeneration(u.id))).toBe(20);
  });
});

describe('content quota', () => {
  it('blocks at or above the plan limit with 429', async () => {
    const u = await userWith('free', { contents: 3 });
    expect(() => assertContentQuota(u)).toThrowError(AppError);
    try {
      assertContentQuota(u);
    } catch (e) {
      expect((e as AppError).status).toBe(429);
    }
    expect(() => assertContentQuota({ plan: 'free', contentsCreatedThisMonth: 2 })).not.toThrow();
    expect(() => assertContentQuota({ plan: 'premium', contentsCreatedThisMonth: 10_000 })).not.toThrow();
  });

  it('takes the last creation exactly once under concurrency', async () => {
    const u = await userWith('free', { contents: 2 });
    expect(await race(30, () => consumeContentQuota(u.id))).toBe(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).contentsCreatedThisMonth).toBe(3);
  });
});

describe('storage allowance', () => {
  it('accounts bytes against the plan allowance and releases them', async () => {
    const u = await userWith('free', { storage: 100n * 1024n * 1024n - 10n });
    expect(await reserveStorage(u.id, 11)).toBe(false);
    expect(await reserveStorage(u.id, 10)).toBe(true);
    expect(await reserveStorage(u.id, 1)).toBe(false);
    await releaseStorage(u.id, 1024);
    const row = await db().user.findUniqueOrThrow({ where: { id: u.id } });
    expect(row.storageUsed).toBe(100n * 1024n * 1024n - 1024n);
  });
});
