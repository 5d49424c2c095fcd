// Which bucket a request is counted against (issue 24 item 9): the pure choice of tier and subject, before and
// after authentication, and each tier's limit.
import { describe, expect, it } from 'vitest';
import type { Principal } from '@/lib/auth/types';
import { bucketAfterAuth, bucketBeforeAuth, RATE_LIMIT_MESSAGES, TIER_MAX, type BucketInput } from './rate-limit';

const user = (via: 'session' | 'bearer') => ({ kind: 'user', via, payload: { id: 'idp-1' } }) as unknown as Principal;
const input = (o: Partial<Omit<BucketInput, 'headers'>> & { headers?: Record<string, string> } = {}): BucketInput => ({
  url: new URL('https://app.test/api/x'),
  ip: '203.0.113.9',
  tier: 'API',
  anonymousRoute: false,
  embedRoute: false,
  bearerOnly: false,
  ...o,
  headers: new Headers(o.headers ?? {}),
});

describe('rate-limit buckets', () => {
  it('has the spec limits per 15 minutes', () => {
    expect(TIER_MAX).toEqual({ AUTH: 10, AI: 50, API: 100, PUBLIC: 200, PLAYER: 600, SESSION: 1000, LTI: 3000 });
    expect(RATE_LIMIT_MESSAGES.API).toBe('Too many requests. Please try again later.');
  });
  it('counts anonymous routes and AUTH per IP before authentication', () => {
    expect(bucketBeforeAuth(input({ anonymousRoute: true, tier: 'PUBLIC' }))).toEqual({ tier: 'PUBLIC', subject: '203.0.113.9' });
    expect(bucketBeforeAuth(input({ tier: 'AUTH', headers: { authorization: 'Bearer x' } }))).toEqual({ tier: 'AUTH', subject: '203.0.113.9' });
  });
  it('counts an admin route without credentials per IP; leaves a bearer caller to authentication', () => {
    expect(bucketBeforeAuth(input({ bearerOnly: true }))).toEqual({ tier: 'API', subject: '203.0.113.9' });
    expect(bucketBeforeAuth(input({ bearerOnly: true, headers: { authorization: 'Bearer abc' } }))).toBeNull();
    expect(bucketBeforeAuth(input())).toBeNull();
  });
  it('counts a user per user after authentication: SESSION for the cookie (AI stays AI), the route tier for a bearer', () => {
    expect(bucketAfterAuth(user('session'), 'u1', 'API', '1.2.3.4')).toEqual({ tier: 'SESSION', subject: 'user:u1' });
    expect(bucketAfterAuth(user('session'), 'u1', 'AI', '1.2.3.4')).toEqual({ tier: 'AI', subject: 'user:u1' });
    expect(bucketAfterAuth(user('bearer'), undefined, 'API', '1.2.3.4')).toEqual({ tier: 'API', subject: 'user:idp:idp-1' });
  });
  it('counts AUTH and callers who are not users per IP', () => {
    expect(bucketAfterAuth(user('session'), 'u1', 'AUTH', '1.2.3.4')).toEqual({ tier: 'AUTH', subject: '1.2.3.4' });
    expect(bucketAfterAuth(null, undefined, 'PUBLIC', '1.2.3.4')).toEqual({ tier: 'PUBLIC', subject: '1.2.3.4' });
  });
});
