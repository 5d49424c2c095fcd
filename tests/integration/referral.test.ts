import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createTenant, setPlan, signedIn, uniqueEmail } from '../support/factories';
import { api, randomIp } from '../support/http';

const NOT_CONVERTED = { success: true, data: { converted: false, referrerId: null } };

async function referrerWithCode() {
  const referrer = await signedIn(['student']);
  await setPlan(referrer.user.id, 'free');
  const { code } = (await api('GET', '/api/referral/link', { token: referrer.token })).body.data;
  const aiLimit = async () => (await api('GET', '/api/auth/me', { token: referrer.token })).body.data.usage.aiLimit as number;
  return { ...referrer, code: code as string, aiLimit };
}

describe('GET /api/referral/link', () => {
  it('generates an 8 uppercase hex code on first request and keeps it', async () => {
    const u = await signedIn(['teacher']);
    const first = await api('GET', '/api/referral/link', { token: u.token });
    expect(first.status).toBe(200);
    expect(first.body.data.code).toMatch(/^[0-9A-F]{8}$/);
    expect(first.body.data.link).toBe(`http://app.lumen.test/login?ref=${first.body.data.code}`);
    const second = await api('GET', '/api/referral/link', { token: u.token });
    expect(second.body.data.code).toBe(first.body.data.code);
    expect((await db().user.findUnique({ where: { id: u.user.id } }))?.referralCode).toBe(first.body.data.code);
  });

  it('gives one code under concurrent first requests, and different users different codes', async () => {
    const u = await signedIn(['student']);
    const answers = await Promise.all([1, 2, 3, 4].map(() => api('GET', '/api/referral/link', { token: u.token })));
    expect(new Set(answers.map((a) => a.body.data.code)).size).toBe(1);
    const other = await signedIn(['student']);
    const theirs = await api('GET', '/api/referral/link', { token: other.token });
    expect(theirs.body.data.code).not.toBe(answers[0]!.body.data.code);
  });

  it('answers 401 Authentication required without a token', async () => {
    const res = await api('GET', '/api/referral/link');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });
});

describe('POST /api/referral/convert', () => {
  it('converts in one go: referral recorded, referred_by set, +5 AI credits for the referrer', async () => {
    const referrer = await signedIn(['student']);
    await setPlan(referrer.user.id, 'free');
    const { code } = (await api('GET', '/api/referral/link', { token: referrer.token })).body.data;
    const before = (await api('GET', '/api/auth/me', { token: referrer.token })).body.data.usage.aiLimit;
    const newcomer = await signedIn(['student']);

    const res = await api('POST', '/api/referral/convert', { body: { referralCode: code, email: newcomer.email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ converted: true, referrerId: referrer.user.id });

    const row = await db().referral.findUnique({ where: { referredEmail: newcomer.email } });
    expect(row).toMatchObject({ referrerId: referrer.user.id, status: 'converted', rewardType: 'extra_credits', referralCode: code });
    expect(row?.convertedAt).toBeInstanceOf(Date);
    expect((await db().user.findUnique({ where: { id: newcomer.user.id } }))?.referredById).toBe(referrer.user.id);
    const after = (await api('GET', '/api/auth/me', { token: referrer.token })).body.data.usage.aiLimit;
    expect(after).toBe(before + 5);
  });

  it('credits the same email once, even when it converts twice or concurrently', async () => {
    const referrer = await signedIn(['student']);
    const { code } = (await api('GET', '/api/referral/link', { token: referrer.token })).body.data;
    const { email } = await signedIn(['student'], uniqueEmail('twice'));
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', '/api/referral/convert', { body: { referralCode: code, email } })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.converted)).toHaveLength(1);
    const again = await api('POST', '/api/referral/convert', { body: { referralCode: code, email } });
    expect(again.body.data).toEqual({ converted: false, referrerId: null });
    expect(await db().referral.count({ where: { referredEmail: email } })).toBe(1);
    const stats = await api('GET', '/api/referral/stats', { token: referrer.token });
    expect(stats.body.data).toEqual({ totalReferrals: 1, convertedReferrals: 1, pendingReferrals: 0, totalRewards: 5 });
  });

  it('accepts the code in any case', async () => {
    const referrer = await signedIn(['student']);
    const { code } = (await api('GET', '/api/referral/link', { token: referrer.token })).body.data;
    const newcomer = await signedIn(['student']);
    const res = await api('POST', '/api/referral/convert', { body: { referralCode: code.toLowerCase(), email: newcomer.email } });
    expect(res.body.data).toEqual({ converted: true, referrerId: referrer.user.id });
  });

  it('turns a pending referral of the same referrer into a converted one', async () => {
    const referrer = await signedIn(['student']);
    const { code } = (await api('GET', '/api/referral/link', { token: referrer.token })).body.data;
    const { email } = await signedIn(['student'], uniqueEmail('pending'));
    await db().referral.create({ data: { referrerId: referrer.user.id, referredEmail: email, referralCode: code, status: 'pending' } });
    const res = await api('POST', '/api/referral/convert', { body: { referralCode: code, email } });
    expect(res.body.data).toEqual({ converted: true, referrerId: referrer.user.id });
    expect((await db().referral.findUnique({ where: { referredEmail: email } }))?.status).toBe('converted');
  });

  it('answers 200 converted=false referrerId=null for an unknown code', async () => {
    const res = await api('POST', '/api/referral/convert', { body: { referralCode: 'ZZZZZZZZ', email: uniqueEmail() } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { converted: false, referrerId: null } });
  });

  it('does not let a user refer themself', async () => {
    const u = await signedIn(['student']);
    const { code } = (await api('GET', '/api/referral/link', { token: u.token })).body.data;
    const res = await api('POST', '/api/referral/convert', { body: { referralCode: code, email: u.email } });
    expect(res.body.data).toEqual({ converted: false, referrerId: null });
  });

  describe('credits only a fresh local account (no farming)', () => {
    it('a made-up email: converted=false, nothing recorded, no credit', async () => {
      const r = await referrerWithCode();
      const before = await r.aiLimit();
      for (let i = 0; i < 3; i++) {
        const email = uniqueEmail('made-up');
        const res = await api('POST', '/api/referral/convert', { body: { referralCode: r.code, email } });
        expect(res.status).toBe(200);
        expect(res.body).toEqual(NOT_CONVERTED);
        expect(await db().referral.count({ where: { referredEmail: email } })).toBe(0);
      }
      expect(await r.aiLimit()).toBe(before);
    });

    it('an account older than 7 days: converted=false, referred_by untouched', async () => {
      const r = await referrerWithCode();
      const old = await signedIn(['student']);
      await db().user.update({ where: { id: old.user.id }, data: { createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) } });
      const res = await api('POST', '/api/referral/convert', { body: { referralCode: r.code, email: old.email } });
      expect(res.body).toEqual(NOT_CONVERTED);
      expect((await db().user.findUnique({ where: { id: old.user.id } }))?.referredById).toBeNull();
      expect(await db().referral.count({ where: { referredEmail: old.email } })).toBe(0);
    });

    it("the referrer's own email: converted=false", async () => {
      const r = await referrerWithCode();
      const before = await r.aiLimit();
      const res = await api('POST', '/api/referral/convert', { body: { referralCode: r.code, email: r.email.toUpperCase() } });
      expect(res.body).toEqual(NOT_CONVERTED);
      expect(await r.aiLimit()).toBe(before);
    });

    it('an account that already has a referrer: converted=false, its referrer kept', async () => {
      const first = await referrerWithCode();
      const second = await referrerWithCode();
      const newcomer = await signedIn(['student']);
      await db().user.update({ where: { id: newcomer.user.id }, data: { referredById: first.user.id } });
      const res = await api('POST', '/api/referral/convert', { body: { referralCode: second.code, email: newcomer.email } });
      expect(res.body).toEqual(NOT_CONVERTED);
      expect((await db().user.findUnique({ where: { id: newcomer.user.id } }))?.referredById).toBe(first.user.id);
      expect(await db().referral.count({ where: { referredEmail: newcomer.email } })).toBe(0);
    });

    it("an account of another tenant than the referrer's: converted=false", async () => {
      const r = await referrerWithCode();
      const tenant = await createTenant();
      const other = await signedIn(['student']);
      await db().user.update({ where: { id: other.user.id }, data: { tenantId: tenant.id } });
      const res = await api('POST', '/api/referral/convert', { body: { referralCode: r.code, email: other.email } });
      expect(res.body).toEqual(NOT_CONVERTED);
      expect((await db().user.findUnique({ where: { id: other.user.id } }))?.referredById).toBeNull();
      // and the other way round: a referrer of a tenant cannot claim an account without a tenant
      await db().user.update({ where: { id: r.user.id }, data: { tenantId: tenant.id } });
      const fresh = await signedIn(['student']);
      expect((await api('POST', '/api/referral/convert', { body: { referralCode: r.code, email: fresh.email } })).body).toEqual(NOT_CONVERTED);
    });

    it('a fresh account of the same tenant: converted=true and +5 credits, once', async () => {
      const r = await referrerWithCode();
      const before = await r.aiLimit();
      const newcomer = await signedIn(['student']);
      const res = await api('POST', '/api/referral/convert', { body: { referralCode: r.code, email: newcomer.email } });
      expect(res.body).toEqual({ success: true, data: { converted: true, referrerId: r.user.id } });
      const again = await api('POST', '/api/referral/convert', { body: { referralCode: r.code, email: newcomer.email } });
      expect(again.body).toEqual(NOT_CONVERTED);
      expect(await r.aiLimit()).toBe(before + 5);
    });

    it('caps the credits at 10 conversions (50 credits) per referrer and month, also when they arrive at once; later ones are recorded without credit', async () => {
      const r = await referrerWithCode();
      const before = await r.aiLimit();
      const newcomers = await Promise.all(Array.from({ length: 13 }, () => signedIn(['student'])));
      const answers = await Promise.all(newcomers.map((n) => api('POST', '/api/referral/convert', { body: { referralCode: r.code, email: n.email } })));
      // the answer's shape stays the spec's: every one of them converted
      for (const a of answers) expect(a.body).toEqual({ success: true, data: { converted: true, referrerId: r.user.id } });
      expect(await r.aiLimit()).toBe(before + 50);
      const stats = await api('GET', '/api/referral/stats', { token: r.token });
      expect(stats.body.data).toEqual({ totalReferrals: 13, convertedReferrals: 13, pendingReferrals: 0, totalRewards: 50 });
      const rows = await db().referral.groupBy({ by: ['rewardType'], where: { referrerId: r.user.id }, _count: { _all: true } });
      expect(Object.fromEntries(rows.map((g) => [g.rewardType, g._count._all]))).toEqual({ extra_credits: 10, none: 3 });
      // the referred accounts are still referred
      expect(await db().user.count({ where: { referredById: r.user.id } })).toBe(13);
    });

    it('is in the AUTH rate tier: 10 per client IP, then 429', async () => {
      const ip = randomIp();
      for (let i = 0; i < 10; i++) {
        const res = await api('POST', '/api/referral/convert', { ip, body: { referralCode: 'ZZZZZZZZ', email: uniqueEmail() } });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-limit')).toBe('10');
      }
      const limited = await api('POST', '/api/referral/convert', { ip, body: { referralCode: 'ZZZZZZZZ', email: uniqueEmail() } });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ success: false, error: 'Too many authentication attempts. Please try again later.' });
    });
  });

  it.each([
    ['no referralCode', { email: 'a@b.co' }],
    ['an empty referralCode', { referralCode: '', email: 'a@b.co' }],
    ['a referralCode over 20 characters', { referralCode: 'x'.repeat(21), email: 'a@b.co' }],
    ['an invalid email', { referralCode: 'ABCDEF12', email: 'not-an-email' }],
    ['an email over 255 characters', { referralCode: 'ABCDEF12', email: `${'a'.repeat(250)}@b.com` }],
  ])('answers 400 Validation error for %s', async (_n, body) => {
    const res = await api('POST', '/api/referral/convert', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Validation error: /);
  });
});

describe('GET /api/referral/stats', () => {
  it('counts referrals by status and rewards 5 per conversion', async () => {
    const referrer = await signedIn(['teacher']);
    const { code } = (await api('GET', '/api/referral/link', { token: referrer.token })).body.data;
    for (let i = 0; i < 2; i++) {
      const { email } = await signedIn(['student']);
      expect((await api('POST', '/api/referral/convert', { body: { referralCode: code, email } })).body.data.converted).toBe(true);
    }
    await db().referral.create({ data: { referrerId: referrer.user.id, referredEmail: uniqueEmail('pending'), referralCode: code, status: 'pending' } });
    const res = await api('GET', '/api/referral/stats', { token: referrer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ totalReferrals: 3, convertedReferrals: 2, pendingReferrals: 1, totalRewards: 10 });
  });

  it('is all zeros for a new user', async () => {
    const u = await signedIn(['student']);
    const res = await api('GET', '/api/referral/stats', { token: u.token });
    expect(res.body.data).toEqual({ totalReferrals: 0, convertedReferrals: 0, pendingReferrals: 0, totalRewards: 0 });
  });

  it('answers 401 Authentication required without a token', async () => {
    expect((await api('GET', '/api/referral/stats')).status).toBe(401);
  });
});
