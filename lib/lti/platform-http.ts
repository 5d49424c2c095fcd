// Calls to a platform (its URLs are user input, so every call goes through lib/net/outbound.ts): its public key
// set, cached in the shared cache and fetched again when a token names a kid it does not hold; and the OAuth 2
// client-credentials grant with a signed client assertion (RFC 7523, LTI Security Framework 1.0 §4.1), whose
// access tokens are shared by every instance until 60 seconds before they expire.
import { createHash, randomUUID } from 'node:crypto';
import type { JWK } from 'jose';
import { cache } from '@/lib/cache';
import type { LtiPlatform } from '@/lib/generated/prisma/client';
import { apiError, AppError } from '@/lib/errors';
import { OutboundUrlError, outboundFetch, type OutboundResponse } from '@/lib/net/outbound';
import { log } from '@/lib/log';
import { signWithToolKey } from './keys';
import { invalidToken } from './claims';

/** Client-assertion lifetime (spec "Sizes and time": 5 minutes). */
export const CLIENT_ASSERTION_SECONDS = 300;
/** A cached platform token is used until this long before it expires (spec: 60 seconds). */
export const TOKEN_MARGIN_SECONDS = 60;
/** 500 when the platform's token endpoint refuses or fails (status 0: no answer); thrown with AppError.filled(…, { status }) */
export const TOKEN_REQUEST_FAILED = apiError(500, 'token_request_failed', 'Token request failed with status <status>');
const KEYSET_TTL_MS = 10 * 60_000;
/** an unknown kid fetches the key set again at most once in this window, and a platform's set at most KEYSET_REFETCHES times */
const KEYSET_REFETCH_MS = 60_000;
const KEYSET_REFETCHES = 20;

/** A platform call: policy refusals of the URL are the caller's 400, never a silent fetch. */
export async function platformFetch(url: string, init: Parameters<typeof outboundFetch>[1]): Promise<OutboundResponse> {
  try {
    return await outboundFetch(url, init);
  } catch (err) {
    if (err instanceof OutboundUrlError) throw new AppError(400, `Validation error: ${err.message}`);
    throw err;
  }
}

// ---------------------------------------------------------------- key set

async function fetchKeyset(p: LtiPlatform): Promise<JWK[]> {
  let res: OutboundResponse;
  try {
    res = await platformFetch(p.keysetUrl, { headers: { Accept: 'application/json' }, timeoutMs: 10_000 });
  } catch (err) {
    if (err instanceof AppError) throw invalidToken(`the platform's key set URL is refused (${err.message.replace(/^Validation error: /, '')})`);
    throw invalidToken('the platform\'s key set could not be fetched');
  }
  if (res.status !== 200) throw invalidToken(`the platform's key set could not be fetched (status ${res.status})`);
  let keys: unknown;
  try {
    keys = (JSON.parse(res.text) as { keys?: unknown }).keys;
  } catch {
    keys = undefined;
  }
  if (!Array.isArray(keys)) throw invalidToken('the platform\'s key set is not a JWK set');
  const list = keys.filter((k): k is JWK => !!k && typeof k === 'object').slice(0, 100);
  await cache().set(`lti:keyset:${p.id}`, JSON.stringify(list), KEYSET_TTL_MS);
  return list;
}

/**
 * Whether a kid the cached key set does not hold may fetch it again: once per kid a minute (a rotated key is
 * found at its first launch, whatever other kids were tried before), and at most 20 times a minute per platform
 * (tokens with made-up kids cannot make the tool hammer the platform).
 */
async function mayRefetch(platformId: string, kid: string): Promise<boolean> {
  const kidKey = createHash('sha256').update(kid).digest('base64url').slice(0, 16);
  if (!(await cache().setIfAbsent(`lti:keyset-kid:${platformId}:${kidKey}`, '1', KEYSET_REFETCH_MS))) return false;
  return (await cache().hitWindow(`lti:keyset-refetch:${platformId}`, KEYSET_REFETCH_MS)).count <= KEYSET_REFETCHES;
}

/** The platform's public key for `kid`: from the shared cache, else fetched (and fetched again for an unknown kid). */
export async function platformKey(p: LtiPlatform, kid: string): Promise<JWK> {
  const cached = await cache().get(`lti:keyset:${p.id}`);
  let keys = cached ? (JSON.parse(cached) as JWK[]) : null;
  let key = keys?.find((k) => k.kid === kid);
  if (!key && (!keys || (await mayRefetch(p.id, kid)))) {
    keys = await fetchKeyset(p);
    key = keys.find((k) => k.kid === kid);
  }
  if (!key) throw invalidToken('no key in the platform\'s key set has this kid');
  return key;
}

// ---------------------------------------------------------------- access tokens

/** An access token for the scopes (space-separated in the request), cached until 60 s before it expires. */
export async function platformToken(p: LtiPlatform, scopes: string[]): Promise<string> {
  const scope = [...new Set(scopes)].sort().join(' ');
  const cacheKey = `lti:token:${p.id}:${createHash('sha256').update(scope).digest('base64url').slice(0, 16)}`;
  const cached = await cache().get(cacheKey);
  if (cached) return cached;
  const assertion = await signWithToolKey({ iss: p.clientId, sub: p.clientId, aud: p.authTokenUrl, jti: randomUUID() }, CLIENT_ASSERTION_SECONDS);
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
    scope,
  }).toString();
  let res: OutboundResponse;
  try {
    res = await platformFetch(p.authTokenUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body, timeoutMs: 15_000 });
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.warn({ platformId: p.id, err: (err as Error).message }, 'LTI token request failed');
    throw AppError.filled(TOKEN_REQUEST_FAILED, { status: 0 });
  }
  if (res.status !== 200) throw AppError.filled(TOKEN_REQUEST_FAILED, { status: res.status });
  let token: { access_token?: unknown; expires_in?: unknown };
  try {
    token = JSON.parse(res.text) as typeof token;
  } catch {
    throw AppError.filled(TOKEN_REQUEST_FAILED, { status: res.status });
  }
  if (typeof token.access_token !== 'string' || !token.access_token) throw AppError.filled(TOKEN_REQUEST_FAILED, { status: res.status });
  const expiresIn = typeof token.expires_in === 'number' && token.expires_in > 0 ? token.expires_in : 3600;
  const ttlMs = (expiresIn - TOKEN_MARGIN_SECONDS) * 1000;
  if (ttlMs > 0) await cache().set(cacheKey, token.access_token, ttlMs);
  return token.access_token;
}

/** Forgets a platform's cached tokens for these scopes (a 401 from a service: the platform revoked it). */
export async function forgetToken(p: LtiPlatform, scopes: string[]): Promise<void> {
  const scope = [...new Set(scopes)].sort().join(' ');
  await cache().del(`lti:token:${p.id}:${createHash('sha256').update(scope).digest('base64url').slice(0, 16)}`);
}

/** A service call with the platform's bearer token; a 401 answer gets a fresh token and one more try. */
export async function serviceCall(
  p: LtiPlatform,
  scopes: string[],
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<OutboundResponse> {
  for (let round = 0; ; round++) {
    const token = await platformToken(p, scopes);
    let res: OutboundResponse;
    try {
      res = await platformFetch(url, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` }, timeoutMs: 15_000 });
    } catch (err) {
      if (err instanceof AppError) throw err;
      return { status: 0, headers: {}, text: (err as Error).message, url };
    }
    if (res.status === 401 && round === 0) {
      await forgetToken(p, scopes);
      continue;
    }
    return res;
  }
}
