import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { MemoryCache } from './memory';
import { RedisCache } from './redis';
import type { Cache } from './types';

export type { Cache, WindowHit } from './types';

const g = globalThis as unknown as { __lumenCache?: Cache };

/** The shared cache: Redis when REDIS_URL is set, otherwise an in-process store (single instance only). */
export function cache(): Cache {
  if (!g.__lumenCache) {
    const url = config().redisUrl;
    if (url) {
      g.__lumenCache = new RedisCache(url);
    } else {
      log.warn('REDIS_URL is not set: using an in-process cache and rate limiter (single instance only)');
      g.__lumenCache = new MemoryCache();
    }
  }
  return g.__lumenCache;
}

/** Key builders: every cache key of the app is named here. */
export const keys = {
  rateLimit: (tier: string, ip: string) => `rl:${tier}:${ip}`,
  /** failed browser sign-ins in the current window: per account (a hash of the address typed) and per client IP */
  signInFailures: (scope: 'account' | 'address', subject: string) => `rl:signin-failed:${scope}:${subject}`,
  webhook: (eventId: string) => `webhook:${eventId}`,
  jwksFailure: () => 'auth:jwks:down',
  /** the embedded identity provider: a refresh token that has been used (its jti) and a session revoked on reuse */
  idpRefreshSpent: (jti: string) => `idp:refresh:spent:${jti}`,
  idpSessionRevoked: (sid: string) => `idp:session:revoked:${sid}`,
};
