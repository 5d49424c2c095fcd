// Who is calling: an internal service (x-api-key), a bearer token (header or ?token=), or nobody.
import { timingSafeEqual, createHash } from 'node:crypto';
import { config } from '@/lib/config';
import type { User } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { resolveBrowserSession, sessionIdFromCookie } from './browser-session';
import { isEmbedToken, verifiedEmbedTokenNow, verifyEmbedToken, type ContentTokenClaims } from './embed-token';
import { ACCOUNT_DISABLED } from './idp';
import { permissionsFor, userPrincipal } from './roles';
import type { Principal, TokenPayload } from './types';
import { provisionUser, userById, userByIdNow } from './users';
import { TokenError, verifyAccessToken } from './verify';

export interface Authenticated {
  principal: Principal;
  /** the local record (null for internal calls) */
  user: User | null;
  /** the identity provider's access token the caller acts with (a bearer token, or the session's), when there is one */
  providerToken?: () => string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of the x-api-key header with INTERNAL_API_KEY. */
export function isInternalKey(candidate: string | null): boolean {
  const key = config().internalApiKey;
  if (!key || !candidate) return false;
  return timingSafeEqual(digest(candidate), digest(key));
}

export function bearerFrom(headers: Headers, url: URL): string | null {
  const header = headers.get('authorization');
  const m = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  if (m?.[1]) return m[1].trim();
  return url.searchParams.get('token') || null;
}

function internalPrincipal(tenantCode: string | undefined): Principal {
  const now = Math.floor(Date.now() / 1000);
  const payload: TokenPayload = {
    id: 'internal-service',
    email: 'internal-service@localhost',
    role: { name: 'admin', type: 'admin' },
    name: 'Internal service',
    iat: now,
    exp: now + 60,
  };
  return {
    kind: 'internal',
    payload,
    role: 'admin',
    permissions: permissionsFor('admin', { superAdmin: true }),
    h5pUser: { id: payload.id, name: payload.name ?? 'Internal service', email: payload.email, type: 'local' },
    ...(tenantCode ? { tenantCode } : {}),
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request authenticated by the session cookie must come from our own pages: a state-changing request whose
 * Origin is another site (or that the browser marks cross-site) is refused, whatever SameSite already blocks.
 */
function assertSameOrigin(headers: Headers, url: URL, method: string): void {
  if (!UNSAFE_METHODS.has(method.toUpperCase())) return;
  const origin = headers.get('origin');
  if (origin) {
    const host = headers.get('host') ?? url.host;
    let ok = false;
    try {
      const o = new URL(origin);
      ok = o.host === host || o.origin === new URL(config().appUrl).origin;
    } catch {
      ok = false;
    }
    if (!ok) throw new AppError(403, 'Forbidden');
    return;
  }
  const site = headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') throw new AppError(403, 'Forbidden');
}

/**
 * Authenticates the request, or returns null when it carries no credentials. In order: the internal key, a
 * bearer token (header or ?token=: API clients, embed and player tokens), the browser's session cookie.
 * Throws 401 Invalid or expired token when a token fails verification, 401 with the session-ended text when the
 * cookie names a session that has ended.
 */
export async function authenticate(headers: Headers, url: URL, method = 'GET'): Promise<Authenticated | null> {
  if (isInternalKey(headers.get('x-api-key'))) {
    return { principal: internalPrincipal(headers.get('x-tenant-code')?.trim() || undefined), user: null };
  }
  const token = bearerFrom(headers, url);
  if (!token) {
    const sid = await sessionIdFromCookie(headers.get('cookie'));
    if (!sid) return null;
    assertSameOrigin(headers, url, method);
    return resolveBrowserSession(sid);
  }
  if (isEmbedToken(token)) return embedPrincipal(token);
  let payload: TokenPayload;
  try {
    payload = await verifyAccessToken(token);
  } catch (err) {
    if (err instanceof TokenError) throw new AppError(401, 'Invalid or expired token');
    throw err;
  }
  const role = payload.role?.type ?? 'student';
  const user = await provisionUser(payload, role);
  // an admin disabled the account: its tokens are refused at once, however long they would still live
  if (user.disabledAt) throw new AppError(401, ACCOUNT_DISABLED);
  return { principal: userPrincipal(payload, user, 'bearer'), user, providerToken: () => token };
}

/**
 * A content token (lib/auth/embed-token.ts) with a student's permissions, scoped to one content item: an embed
 * token acts as the snippet's author (its viewers share no saved state), a player token as its viewer.
 */
async function embedPrincipal(token: string): Promise<Authenticated> {
  let claims: ContentTokenClaims;
  try {
    claims = await verifyEmbedToken(token);
  } catch {
    throw new AppError(401, 'Invalid or expired token');
  }
  const user = await userById(claims.userId);
  if (!user) throw new AppError(401, 'Invalid or expired token');
  return embedAuthenticated(claims, user);
}

/**
 * authenticate for the player's calls, without a promise: a content token verified a moment ago whose user is in
 * memory. undefined for anything else (then authenticate decides, with the same answer for these).
 */
export function authenticateNow(headers: Headers, url: URL): Authenticated | undefined {
  if (isInternalKey(headers.get('x-api-key'))) return undefined;
  const token = bearerFrom(headers, url);
  if (!token || !isEmbedToken(token)) return undefined;
  const claims = verifiedEmbedTokenNow(token);
  const user = claims && userByIdNow(claims.userId);
  return user ? embedAuthenticated(claims, user) : undefined;
}

/**
 * A content token's caller, made once per verified token and user record: the same objects again while both are in
 * memory (a player calls with its token every few seconds), so what is built from them (the H5P actor) is kept too.
 * Nothing mutates a content token's principal.
 */
const embedCallers = new WeakMap<ContentTokenClaims, Authenticated>();

function embedAuthenticated(claims: ContentTokenClaims, user: User): Authenticated {
  const known = embedCallers.get(claims);
  if (known?.user === user) return known;
  const made = makeEmbedAuthenticated(claims, user);
  embedCallers.set(claims, made);
  return made;
}

function makeEmbedAuthenticated(claims: ContentTokenClaims, user: User): Authenticated {
  const payload: TokenPayload = { id: user.externalUserId ?? user.id, email: user.email, name: user.name, plan: user.plan, role: { name: 'student', type: 'student' }, iat: claims.iat, exp: claims.exp };
  return {
    principal: {
      kind: 'embed',
      payload,
      role: 'student',
      permissions: permissionsFor('student'),
      h5pUser: { id: user.id, name: user.name, email: user.email, type: 'local' },
      embedContentId: claims.contentId,
      tokenUse: claims.use,
      ...(claims.use === 'lti' ? { ltiLaunchId: claims.launchId, learnerKey: claims.learnerKey } : {}),
    },
    user,
  };
}
