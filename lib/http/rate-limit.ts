// The four rate-limit tiers, per client IP over a 15-minute fixed window, shared by all instances through
// the cache (an atomic Redis script; an in-process counter without Redis).
import { cache, keys } from '@/lib/cache';
import { config } from '@/lib/config';
import { log } from '@/lib/log';

export type Tier = 'AUTH' | 'AI' | 'API' | 'PUBLIC';

export const RATE_WINDOW_MS = 15 * 60 * 1000;
export const TIER_MAX: Record<Tier, number> = { AUTH: 10, AI: 50, API: 100, PUBLIC: 200 };
export const E2E_TIER_MAX = 10_000;
export const RATE_LIMIT_MESSAGES: Record<Tier, string> = {
  AUTH: 'Too many authentication attempts. Please try again later.',
  AI: 'Too many requests. Please try again later.',
  API: 'Too many requests. Please try again later.',
  PUBLIC: 'Too many requests. Please try again later.',
};

export interface RateLimitResult {
  limited: boolean;
  headers: Record<string, string>;
}

export function tierMax(tier: Tier): number {
  return config().e2eTestCode ? E2E_TIER_MAX : TIER_MAX[tier];
}

/** Counts the request against the tier and returns the standard RateLimit-* headers (draft-6 style). */
export async function rateLimit(tier: Tier, ip: string): Promise<RateLimitResult> {
  const max = tierMax(tier);
  try {
    const { count, resetMs } = await cache().hitWindow(keys.rateLimit(tier, ip), RATE_WINDOW_MS);
    const resetSeconds = Math.max(0, Math.ceil(resetMs / 1000));
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(max),
      'RateLimit-Remaining': String(Math.max(0, max - count)),
      'RateLimit-Reset': String(resetSeconds),
    };
    if (count > max) headers['Retry-After'] = String(resetSeconds);
    return { limited: count > max, headers };
  } catch (err) {
    // The limiter's store is down: serve the request (health reports the outage) rather than fail every call.
    log.warn({ err: (err as Error).message, tier }, 'rate limiter unavailable; request allowed');
    return { limited: false, headers: {} };
  }
}
