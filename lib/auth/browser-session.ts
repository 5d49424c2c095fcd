// Browser sessions. A signed-in browser holds one httpOnly cookie (next-auth's, carrying only an opaque session
// id); the identity provider's access and refresh tokens stay on the server in `browser_sessions`, sealed with a
// key derived from AUTH_SECRET. Any instance resolves the cookie, refreshes the provider's tokens when they are
// about to expire (one instance at a time, refresh-token rotation) and slides the session while the user is active.
// A session ends on sign-out, after SESSION_IDLE_MS without activity, after SESSION_MAX_MS, or when the provider
// refuses the refresh (account disabled, provider session revoked); the reason is kept so the page can say why.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { decode } from 'next-auth/jwt';
import { config } from '@/lib/config';
import { db, Prisma } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import { IdpUnavailableError, refreshGrant, type IdpTokens } from './idp';
import { userPrincipal } from './roles';
import type { Principal, TokenPayload } from './types';
import { applyMonthlyReset, userById } from './users';
import { invalidate, localCache } from '@/lib/cache/local';
import { verifyAccessToken } from './verify';

/** A session ends after this long without a request (a school day with breaks). */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** …and at the latest this long after sign-in. */
export const SESSION_MAX_MS = 14 * 24 * 60 * 60 * 1000;
/** The provider's access token is refreshed this long before it expires. */
const REFRESH_MARGIN_MS = 60_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;
/** Tokens just received from the provider over the back channel: a slow moment must not expire them. */
export const PROVIDER_TOKEN_TOLERANCE_S = 30;
/** A refresh in flight holds the session this long at most (the provider call times out after 10 s). */
const REFRESH_CLAIM_MS = 15_000;

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export type EndReason = 'signed_out' | 'idle' | 'expired' | 'refresh_refused' | 'user_removed' | 'disabled';

const sessionKey = () => createHash('sha256').update(`lumen-session-tokens:${config().authSecret}`).digest();
const hashId = (sid: string) => createHash('sha256').update(sid).digest('hex');

/** AES-256-GCM: iv.tag.ciphertext, base64url. */
export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sessionKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', sessionKey(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** Records a new session after a successful sign-in; returns the session id the cookie will carry. */
export async function createBrowserSession(userId: string, payload: TokenPayload, tokens: IdpTokens): Promise<string> {
  const sid = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db().browserSession.create({
    data: {
      id: hashId(sid),
      userId,
      payload: payload as unknown as Prisma.InputJsonValue,
      accessToken: seal(tokens.access_token),
      refreshToken: seal(tokens.refresh_token),
      accessExpiresAt: new Date(now + tokens.expires_in * 1000),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + SESSION_MAX_MS),
    },
  });
  // sessions that ended or expired long ago are removed now and then (one cheap indexed delete)
  if (Math.random() < 0.02) {
    void db()
      .browserSession.deleteMany({ where: { expiresAt: { lt: new Date(now - SESSION_MAX_MS) } } })
      .catch(() => undefined);
  }
  return sid;
}

export async function endBrowserSession(sid: string, reason: EndReason): Promise<void> {
  await db().browserSession.updateMany({ where: { id: hashId(sid), endedAt: null }, data: { endedAt: new Date(), endReason: reason } });
  await forgetSession(hashId(sid));
}

/** Ends every live session of a user (account disabled), on every instance at once. */
export async function endUserSessions(userId: string, reason: EndReason): Promise<void> {
  const live = await db().browserSession.findMany({ where: { userId, endedAt: null }, select: { id: true } });
  if (!live.length) return;
  await db().browserSession.updateMany({ where: { userId, endedAt: null }, data: { endedAt: new Date(), endReason: reason } });
  await invalidate('sessions', ...live.map((r) => r.id));
}

export interface ResolvedSession {
  principal: Principal;
  user: User;
  /** the identity provider's access token of this session (kept sealed on the server), for calls made on the user's behalf */
  providerToken: () => string;
}

/** Thrown when a cookie names a session that has ended: the caller answers 401 with the reason. */
export class SessionEndedError extends AppError {
  constructor(readonly reason: EndReason | 'unknown') {
    super(401, SESSION_ENDED_MESSAGE, { reason });
  }
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof db>['browserSession']['findUnique']>>>;

/** session rows in-process for seconds (lib/cache/local.ts; every change to a row is announced) */
const SESSION_TTL_MS = 30_000;
const sessionRows = () => localCache<Row | null>('sessions', { ttlMs: SESSION_TTL_MS, max: 20_000 });
const forgetSession = (id: string) => invalidate('sessions', id);

async function refreshTokens(row: Row): Promise<Row> {
  // claim the refresh: only the request whose update matched calls the provider, and only with the refresh token
  // it read (a request that read the row before another one rotated it must not use the spent token)
  const now = new Date();
  const claimed = await db().browserSession.updateMany({
    where: { id: row.id, endedAt: null, refreshToken: row.refreshToken, OR: [{ refreshingUntil: null }, { refreshingUntil: { lt: now } }] },
    data: { refreshingUntil: new Date(now.getTime() + REFRESH_CLAIM_MS) },
  });
  if (claimed.count === 0) return row; // another request is refreshing or has refreshed; this one still holds a live session
  await forgetSession(row.id);
  try {
    const tokens = await refreshGrant(unseal(row.refreshToken));
    const payload = await verifyAccessToken(tokens.access_token, { clockTolerance: PROVIDER_TOKEN_TOLERANCE_S });
    const updated = await db().browserSession.update({
      where: { id: row.id },
      data: {
        payload: payload as unknown as Prisma.InputJsonValue,
        accessToken: seal(tokens.access_token),
        refreshToken: seal(tokens.refresh_token),
        accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
        refreshingUntil: null,
      },
    });
    await forgetSession(row.id);
    return updated;
  } catch (err) {
    if (err instanceof IdpUnavailableError) {
      // the provider is down: keep the session and try again on a later request
      log.warn({ sessionUser: row.userId }, 'identity provider unreachable; session kept, refresh retried later');
      await db().browserSession.update({ where: { id: row.id }, data: { refreshingUntil: null } }).catch(() => undefined);
      await forgetSession(row.id);
      return row;
    }
    log.info({ sessionUser: row.userId, err: (err as Error).message }, 'identity provider refused the refresh; session ended');
    await db().browserSession.update({ where: { id: row.id }, data: { endedAt: new Date(), endReason: 'refresh_refused', refreshingUntil: null } });
    await forgetSession(row.id);
    throw new SessionEndedError('refresh_refused');
  }
}

/** The live session of a session id, refreshed and slid; throws SessionEndedError when it has ended. */
export async function resolveBrowserSession(sid: string): Promise<ResolvedSession> {
  const id = hashId(sid);
  let row = await sessionRows().getOrLoad(id, () => db().browserSession.findUnique({ where: { id } }), (r) => (r ? SESSION_TTL_MS : 0));
  if (!row) throw new SessionEndedError('unknown');
  if (row.endedAt) throw new SessionEndedError((row.endReason as EndReason | null) ?? 'unknown');
  const now = Date.now();
  const ended: EndReason | null = row.expiresAt.getTime() <= now ? 'expired' : row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now ? 'idle' : null;
  if (ended) {
    await db().browserSession.update({ where: { id: row.id }, data: { endedAt: new Date(now), endReason: ended } });
    await forgetSession(row.id);
    throw new SessionEndedError(ended);
  }
  if (row.accessExpiresAt.getTime() - REFRESH_MARGIN_MS <= now) row = await refreshTokens(row);
  if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    // the session slides while the user is active (the cached copy too, so the next request does not touch again)
    row = { ...row, lastSeenAt: new Date(now) };
    sessionRows().set(row.id, row);
    void db()
      .browserSession.update({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } })
      .catch(() => undefined);
  }
  const found = await userById(row.userId);
  if (!found) throw new SessionEndedError('user_removed');
  // an admin disabled the account: its sessions end at once (the user record's cache is dropped on every instance)
  if (found.disabledAt) {
    await endUserSessions(found.id, 'disabled');
    throw new SessionEndedError('disabled');
  }
  const user = await applyMonthlyReset(found);
  const sealed = row.accessToken;
  return { user, principal: userPrincipal(row.payload as unknown as TokenPayload, user, 'session'), providerToken: () => unseal(sealed) };
}

// ---------------------------------------------------------------- the cookie

/** next-auth's session cookie names (secure prefix on https). */
export const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'] as const;

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** The session id of the request's session cookie, or null when there is none (or it is not ours). */
export async function sessionIdFromCookie(cookieHeader: string | null): Promise<string | null> {
  for (const name of SESSION_COOKIES) {
    const raw = cookieValue(cookieHeader, name);
    if (!raw) continue;
    try {
      const jwt = await decode({ token: raw, secret: config().authSecret });
      if (jwt && typeof jwt.sid === 'string') return jwt.sid;
    } catch {
      /* a cookie we cannot read is no session */
    }
  }
  return null;
}
