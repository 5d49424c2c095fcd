// Access-token verification: (a) the identity provider's remote key set, accepting its internal and
// external issuer; (b) failing that, the local HS256 secret (JWT_SECRET) for locally issued tokens. Every
// token must carry exp (a token without one is refused: it would never expire). A local token is user-wide and
// nothing can revoke it but its expiry, so it must also say when it was issued (iat, at most LOCAL_CLOCK_SKEW_S
// ahead of our clock) and live at most LOCAL_TOKEN_MAX_S: a token minted for a year, or dated in the future to
// stretch its life, is refused whatever its exp.
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { localCache } from '@/lib/cache/local';
import { config } from '@/lib/config';
import { certsEndpoint, realmUrl } from './idp';
import { highestRealmRole, mapRole } from './roles';
import type { TokenPayload } from './types';

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const g = globalThis as unknown as { __lumenJwks?: { url: string; set: KeySet } };

function keySet(): KeySet {
  const url = certsEndpoint();
  if (g.__lumenJwks?.url !== url) {
    g.__lumenJwks = {
      url,
      set: createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 }),
    };
  }
  return g.__lumenJwks.set;
}

export interface IdpClaims extends JWTPayload {
  email?: string;
  name?: string;
  preferred_username?: string;
  realm_access?: { roles?: unknown[] };
  tenant_id?: string;
  school_id?: string;
  documentId?: string;
}

export class TokenError extends Error {}

const VERIFIED_TTL_MS = 60_000;
const verified = () => localCache<TokenPayload>('verifiedTokens', { ttlMs: VERIFIED_TTL_MS, max: 20_000 });

function toPayload(claims: IdpClaims): TokenPayload {
  if (typeof claims.sub !== 'string' || !claims.sub) throw new TokenError('token has no subject');
  const email = typeof claims.email === 'string' && claims.email ? claims.email : undefined;
  if (!email) throw new TokenError('token has no email');
  const role = mapRole(claims.realm_access?.roles);
  // role.type is the service role; role.name the highest realm role (super_admin vs tenant/school admin)
  const realmRole = highestRealmRole(claims.realm_access?.roles);
  return {
    id: claims.sub,
    ...(typeof claims.documentId === 'string' ? { documentId: claims.documentId } : {}),
    email: email.toLowerCase(),
    role: { name: realmRole, type: role },
    ...(typeof claims.tenant_id === 'string' && claims.tenant_id ? { tenantId: claims.tenant_id } : {}),
    name: (typeof claims.name === 'string' && claims.name) || (typeof claims.preferred_username === 'string' && claims.preferred_username) || email,
    iat: Number(claims.iat ?? 0),
    exp: Number(claims.exp ?? 0),
  };
}

async function verifyRemote(token: string, clockTolerance = 0): Promise<IdpClaims> {
  const { idp } = config();
  const issuers = [...new Set([realmUrl(idp.baseUrl), realmUrl(idp.externalUrl)])];
  const { payload } = await jwtVerify<IdpClaims>(token, keySet(), {
    issuer: issuers,
    algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'PS256'],
    requiredClaims: ['exp'],
    clockTolerance,
  });
  return payload;
}

/** The longest life of a local HS256 token (exp − iat). */
export const LOCAL_TOKEN_MAX_S = 24 * 60 * 60;
/** How far a local token's iat may be ahead of this server's clock (the issuer's clock may run a little fast). */
export const LOCAL_CLOCK_SKEW_S = 60;

async function verifyLocal(token: string, clockTolerance = 0): Promise<IdpClaims> {
  const secret = config().jwtSecret;
  if (!secret) throw new TokenError('no local secret configured');
  // a token without exp would be valid forever, one without iat has no lifetime to bound: both refused
  const { payload } = await jwtVerify<IdpClaims>(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'], clockTolerance });
  const iat = payload.iat!;
  if (iat > Date.now() / 1000 + LOCAL_CLOCK_SKEW_S) throw new TokenError('token issued in the future');
  if (payload.exp! - iat > LOCAL_TOKEN_MAX_S) throw new TokenError('token lifetime exceeds 24 hours');
  return payload;
}

/**
 * Verifies a bearer token and returns the caller's payload; throws TokenError when it fails. `clockTolerance`
 * (seconds) is for tokens the server has just received from the provider itself (sign-in, refresh), where a
 * slow moment must not turn a fresh short-lived token into a refusal; bearer tokens of callers get none.
 */
export async function verifyAccessToken(token: string, opts: { clockTolerance?: number } = {}): Promise<TokenPayload> {
  const tolerance = opts.clockTolerance ?? 0;
  // a token verified a moment ago is not verified again (it cannot change; it is dropped when it expires)
  const key = createHash('sha256').update(token).digest('base64url');
  const known = tolerance === 0 ? verified().get(key) : undefined;
  if (known && known.exp * 1000 > Date.now()) return known;
  const payload = await verifyUncached(token, tolerance);
  if (tolerance === 0) verified().set(key, payload, Math.max(0, Math.min(VERIFIED_TTL_MS, payload.exp * 1000 - Date.now())));
  return payload;
}

async function verifyUncached(token: string, tolerance: number): Promise<TokenPayload> {
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    throw new TokenError('malformed token');
  }
  let claims: IdpClaims;
  try {
    // A symmetric token cannot verify against the key set: go straight to the local secret.
    claims = alg?.startsWith('HS') ? await verifyLocal(token, tolerance) : await verifyRemote(token, tolerance);
  } catch (remoteErr) {
    if (alg?.startsWith('HS')) throw new TokenError((remoteErr as Error).message);
    try {
      claims = await verifyLocal(token, tolerance);
    } catch {
      throw new TokenError((remoteErr as Error).message);
    }
  }
  return toPayload(claims);
}
