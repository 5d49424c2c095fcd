// Rate-limit tiers over a 15-minute fixed window, shared by all instances through the cache (an atomic Redis
// script; an in-process counter without Redis). When Redis is unreachable the limits still hold, per instance,
// in an in-process window counter; the fallback is logged once per outage.
//
// Who is counted where (the bucket: a tier and the subject it counts). Every authenticated caller is counted per
// principal, whatever the transport (session cookie, bearer header, ?token=); the client IP is the subject only
// for anonymous calls, the AUTH tier and credentials that fail (issue 22 item 13: a class behind one school
// address, each learner with their own token, never shares one budget):
// - API clients with a user's bearer token (header or ?token=): the route's spec tier (AI 50, API 100, PUBLIC
//   200) per user, counted right after the token is verified.
// - anonymous routes and callers, the AUTH tier, the internal key, and any request whose credentials fail: the
//   route's spec tier (AUTH 10, AI 50, API 100, PUBLIC 200) per client IP, as the spec says.
// - the player's runtime calls with a content token (the player page, its model, saved state and results on the
//   routes that accept content tokens): PLAYER, per content session — a player token names one viewer, so the
//   token itself; an embed snippet's token is shared by all its anonymous viewers, so the token and the address.
// - the workspace's own calls from a signed-in browser (the session cookie): SESSION per user (AI stays AI, per
//   user), so a class behind one school address does not share one budget.
// - an LMS's launches (LTI login, launch, and the pages a launch token opens): LTI per IP, sized for a whole school
//   starting a lesson behind one address (two or three requests per learner); each launch's player then counts
//   in PLAYER per learner like a player token.
// - GET /api/health (a load balancer's probe) is never refused (probeStore).
// Static H5P files (core, editor, libraries, content and player files, temp files) are not routed through the
// limiter at all.
import { bearerFrom, isInternalKey } from '@/lib/auth/authenticate';
import { isEmbedToken, tokenText } from '@/lib/auth/embed-token';
import type { Principal } from '@/lib/auth/types';
import { cache, keys, type Cache, type WindowHit } from '@/lib/cache';
import { MemoryCache } from '@/lib/cache/memory';
import { config } from '@/lib/config';
import { log } from '@/lib/log';
import { BatchedWindows, type WindowStore } from './rate-batch';

export type SpecTier = 'AUTH' | 'AI' | 'API' | 'PUBLIC';
export type Tier = SpecTier | 'PLAYER' | 'SESSION' | 'LTI';

export const RATE_WINDOW_MS = 15 * 60 * 1000;
export const TIER_MAX: Record<Tier, number> = { AUTH: 10, AI: 50, API: 100, PUBLIC: 200, PLAYER: 600, SESSION: 1000, LTI: 3000 };
export const E2E_TIER_MAX = 10_000;
const TOO_MANY = 'Too many requests. Please try again later.';
export const RATE_LIMIT_MESSAGES: Record<Tier, string> = {
  AUTH: 'Too many authentication attempts. Please try again later.',
  AI: TOO_MANY,
  API: TOO_MANY,
  PUBLIC: TOO_MANY,
  PLAYER: TOO_MANY,
  SESSION: TOO_MANY,
  LTI: TOO_MANY,
};

export interface RateLimitResult {
  limited: boolean;
  headers: Record<string, string>;
  /** the shared cache-invalidation generation read in the same round trip (undefined without Redis) */
  generation?: number;
  /** how the shared store answered: the health report uses this round trip as its Redis check */
  store: { ok: true; latencyMs: number } | { ok: false; error: string };
}

/** What one request is counted against: a tier and its subject (a client IP, `player:…` or `user:…`). */
export interface Bucket {
  tier: Tier;
  subject: string;
}

export function tierMax(tier: Tier): number {
  return config().e2eTestCode ? E2E_TIER_MAX : TIER_MAX[tier];
}

const g = globalThis as unknown as { __lumenRateFallback?: { store: MemoryCache; active: boolean }; __lumenRateBatches?: BatchedWindows | null };

function fallback() {
  g.__lumenRateFallback ??= { store: new MemoryCache(), active: false };
  return g.__lumenRateFallback;
}

/** The window hit in the shared store, or in the in-process fallback while the shared store is down. */
export async function hit(key: string, windowMs = RATE_WINDOW_MS): Promise<WindowHit & { store: RateLimitResult['store'] }> {
  const shared: Cache = cache();
  const state = fallback();
  const start = performance.now();
  try {
    const result = await shared.hitWindow(key, windowMs);
    if (state.active) {
      state.active = false;
      log.warn('rate limiter store is back: limits are shared by all instances again');
    }
    return { ...result, store: { ok: true, latencyMs: Math.round((performance.now() - start) * 100) / 100 } };
  } catch (err) {
    if (!state.active) {
      state.active = true;
      log.warn({ err: (err as Error).message }, 'rate limiter store unavailable: falling back to per-instance in-process limits');
    }
    const error = (err as Error).message.split('\n')[0] || 'unreachable';
    return { ...(await state.store.hitWindow(key, windowMs)), store: { ok: false, error } };
  }
}

/** Takes back one hit of a window (in the store that counted it: the shared one, or the fallback while it is down). */
export async function unhit(key: string): Promise<void> {
  const state = fallback();
  if (state.active) return state.store.releaseWindow(key);
  try {
    await cache().releaseWindow(key);
  } catch {
    await state.store.releaseWindow(key);
  }
}

/**
 * The tiers counted in this instance between batched round trips when the store is shared (lib/http/rate-batch.ts):
 * the player's calls with a content token, a school's most frequent requests. Every other tier is counted in the
 * store on every request (exact across instances, and it brings the cache generation with it).
 */
export const BATCHED_TIERS: ReadonlySet<Tier> = new Set<Tier>(['PLAYER']);

/** This process's batched windows (one per process: Next bundles modules more than once); null without a shared store. */
export function batchedWindows(): BatchedWindows | null {
  if (g.__lumenRateBatches === undefined) {
    const shared = cache();
    const flushMs = config().rateLimitBatchMs;
    g.__lumenRateBatches = shared.addWindows && flushMs > 0 ? new BatchedWindows(shared as WindowStore, RATE_WINDOW_MS, { flushMs }) : null;
  }
  return g.__lumenRateBatches;
}

const COUNTED_HERE: RateLimitResult['store'] = { ok: true, latencyMs: 0 };

/** Ends a window early (in both stores: the hits may have been counted in either). */
export async function clearHits(key: string): Promise<void> {
  batchedWindows()?.forget(key);
  await fallback().store.del(key);
  await cache()
    .del(key)
    .catch(() => undefined);
}

/**
 * Counts the request against the tier for one subject (a client IP unless named otherwise) and returns the
 * standard RateLimit-* headers (draft-6 style) of that tier. One round trip to the store — except for a batched
 * tier's window this instance already knows (BATCHED_TIERS), counted here and sent with the next batch (see
 * rateLimitNow, which the route wrapper asks first).
 */
export async function rateLimit(tier: Tier, subject: string): Promise<RateLimitResult> {
  const known = rateLimitNow(tier, subject);
  if (known) return known;
  const key = keys.rateLimit(tier, subject);
  const batches = BATCHED_TIERS.has(tier) ? batchedWindows() : null;
  // the window's first hit on this instance is counted in the store; its later hits here
  const counted = await hit(key);
  if (batches && counted.store.ok) batches.learn(key, counted);
  return limitResult(tier, counted.count, counted.resetMs, counted.generation, counted.store);
}

/**
 * The count of a batched tier's window this instance knows, counted here without a promise (the player's calls
 * are the most frequent requests: every promise on their path costs); undefined when only the store can count it
 * (then call rateLimit).
 */
export function rateLimitNow(tier: Tier, subject: string): RateLimitResult | undefined {
  if (!BATCHED_TIERS.has(tier)) return undefined;
  const local = batchedWindows()?.hit(keys.rateLimit(tier, subject));
  return local ? limitResult(tier, local.count, local.resetMs, undefined, COUNTED_HERE) : undefined;
}

function limitResult(tier: Tier, count: number, resetMs: number, generation: number | undefined, store: RateLimitResult['store']): RateLimitResult {
  const max = tierMax(tier);
  const resetSeconds = Math.max(0, Math.ceil(resetMs / 1000));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(max),
    'RateLimit-Remaining': String(Math.max(0, max - count)),
    'RateLimit-Reset': String(resetSeconds),
  };
  if (count > max) headers['Retry-After'] = String(resetSeconds);
  return { limited: count > max, headers, generation, store };
}

/**
 * The round trip of a route that is never refused (GET /api/health: a load balancer's probe must never meet 429,
 * whatever its address). It still makes the one store round trip every request makes (the cache generation, and the
 * health report's Redis check) on a single shared key, and sets no RateLimit headers.
 */
export async function probeStore(): Promise<RateLimitResult> {
  const { generation, store } = await hit(keys.rateLimit('PROBE', 'all'));
  return { limited: false, headers: {}, generation, store };
}

export const ipBucket = (tier: Tier, ip: string): Bucket => ({ tier, subject: ip });

const tokenHash = (token: string) => tokenText(token).digest.toString('hex', 0, 20);

/** A content token's session: a player token is one viewer's; an embed snippet's token is shared, so it is split by address. */
function playerBucket(token: string, ip: string): Bucket {
  // unverified here; a forged token fails authentication and is then counted per IP
  const use = tokenText(token).use;
  // a player token and an LMS learner's token name one viewer: the token itself
  return { tier: 'PLAYER', subject: use === 'player' || use === 'lti' ? `player:${tokenHash(token)}` : `embed:${tokenHash(token)}:${ip}` };
}

export interface BucketInput {
  headers: Headers;
  url: URL;
  ip: string;
  /** the route's spec tier */
  tier: Tier;
  /** the route authenticates nobody */
  anonymousRoute: boolean;
  /** the route accepts content tokens (the player's runtime calls) */
  embedRoute: boolean;
  /** the route takes bearer tokens only (admin) */
  bearerOnly: boolean;
}

/**
 * The bucket that can be known from the request alone, counted before any authentication work: the route's tier
 * per IP for anonymous routes and internal callers; PLAYER for a content token on a player route. Null when only
 * the authenticated caller decides (a user's bearer token or session cookie, or no credentials at all): see
 * bucketAfterAuth.
 */
export function bucketBeforeAuth(input: BucketInput): Bucket | null {
  const { headers, url, ip, tier } = input;
  if (input.anonymousRoute || tier === 'AUTH') return ipBucket(tier, ip);
  if (isInternalKey(headers.get('x-api-key'))) return ipBucket(tier, ip);
  const token = bearerFrom(headers, url);
  if (token && input.embedRoute && isEmbedToken(token)) return playerBucket(token, ip);
  // an admin route without a bearer token is refused before authentication: counted per IP
  if (input.bearerOnly && !headers.get('authorization') && !headers.get('x-api-key')) return ipBucket(tier, ip);
  return null;
}

/**
 * The bucket of an authenticated (or anonymous) caller: a user per user, whatever the transport — SESSION for the
 * browser's session cookie, the route's tier for a bearer token (AI stays AI, shared by both) — else per IP.
 */
export function bucketAfterAuth(principal: Principal | null, userId: string | undefined, tier: Tier, ip: string): Bucket {
  if (principal?.kind === 'user' && tier !== 'AUTH') {
    const subject = `user:${userId ?? `idp:${principal.payload.id}`}`;
    if (principal.via === 'session') return { tier: tier === 'AI' ? 'AI' : 'SESSION', subject };
    return { tier, subject };
  }
  return ipBucket(tier, ip);
}
