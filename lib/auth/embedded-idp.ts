// The embedded Keycloak-compatible identity provider, used when no IDP_BASE_URL is configured. It serves
// Keycloak's token and certs endpoints at Keycloak's paths under the app's own address, so the login code
// talks to it over HTTP exactly as it talks to a real Keycloak realm. Its state (RSA key, client secret,
// demo accounts) is created by `npm start` (server/embedded/idp-state.mjs) under DATA_DIR; accounts added or changed
// at run time (invitations, roles, disabled accounts, new passwords) are kept in PostgreSQL (lib/auth/embedded-users.ts).
// Refresh tokens behave as Keycloak's with "Revoke Refresh Token" on: every refresh answers a new one and spends
// the one presented (a claim on its jti in the shared cache, so every instance sees it at once); presenting a
// spent one again is a sign it was stolen, so it also revokes its whole session (OAuth 2.0 Security BCP 4.14).
// A refresh token lives REFRESH_TOKEN_SECONDS from its refresh (the browser session's 8 h idle limit), never past
// SESSION_MAX_SECONDS after the password grant that opened the session.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import { cache, keys } from '@/lib/cache';
import { config, embeddedIdpStatePath } from '@/lib/config';
import { realmUrl } from './idp';
import { embeddedAccountByEmail, embeddedAccountById, type EmbeddedAccount } from './embedded-users';

export interface EmbeddedUser {
  id: string;
  email: string;
  name: string;
  password: string;
  roles: string[];
  enabled: boolean;
  tenantId?: string | null;
}

interface EmbeddedState {
  clientId: string;
  clientSecret: string;
  key: { kid: string; privateJwk: JWK; publicJwk: JWK };
  users: EmbeddedUser[];
}

export const ACCESS_TOKEN_SECONDS = 300;
/** Keycloak's SSO Session Idle: the browser session's idle limit (8 h, lib/auth/browser-session.ts), sliding. */
export const REFRESH_TOKEN_SECONDS = 8 * 60 * 60;
/** Keycloak's SSO Session Max: no refresh token outlives the browser session's absolute limit (14 days). */
export const SESSION_MAX_SECONDS = 14 * 24 * 60 * 60;

const g = globalThis as unknown as { __lumenIdpState?: EmbeddedState };

export function embeddedState(): EmbeddedState | null {
  if (!config().idp.embedded) return null;
  if (!g.__lumenIdpState) {
    try {
      g.__lumenIdpState = JSON.parse(readFileSync(embeddedIdpStatePath(config().dataDir), 'utf8')) as EmbeddedState;
    } catch {
      return null;
    }
  }
  return g.__lumenIdpState;
}

const same = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

type Answer = { status: number; body: Record<string, unknown> };
const kcError = (status: number, error: string, error_description: string): Answer => ({ status, body: { error, error_description } });

/** The provider session a refresh token belongs to: its id and when the password grant opened it (epoch seconds). */
interface ProviderSession {
  sid: string;
  authTime: number;
}

async function issue(state: EmbeddedState, user: EmbeddedAccount, session: ProviderSession): Promise<Answer> {
  const key = await importJWK(state.key.privateJwk, 'RS256');
  const iss = realmUrl(config().idp.baseUrl);
  const now = Math.floor(Date.now() / 1000);
  const { sid, authTime } = session;
  const refreshExp = Math.min(now + REFRESH_TOKEN_SECONDS, authTime + SESSION_MAX_SECONDS);
  const access = await new SignJWT({
    typ: 'Bearer',
    azp: state.clientId,
    sid,
    email: user.email,
    email_verified: true,
    name: user.name,
    preferred_username: user.email,
    realm_access: { roles: user.roles },
    ...(user.tenantId ? { tenant_id: user.tenantId } : {}),
    scope: 'openid email profile',
  })
    .setProtectedHeader({ alg: 'RS256', kid: state.key.kid, typ: 'JWT' })
    .setIssuer(iss)
    .setSubject(user.id)
    .setAudience('account')
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
    .setJti(randomUUID())
    .sign(key);
  const refresh = await new SignJWT({ typ: 'Refresh', azp: state.clientId, sid, auth_time: authTime })
    .setProtectedHeader({ alg: 'RS256', kid: state.key.kid, typ: 'JWT' })
    .setIssuer(iss)
    .setSubject(user.id)
    .setAudience(iss)
    .setIssuedAt(now)
    .setExpirationTime(refreshExp)
    .setJti(randomUUID())
    .sign(key);
  return {
    status: 200,
    body: {
      access_token: access,
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_expires_in: refreshExp - now,
      refresh_token: refresh,
      token_type: 'Bearer',
      'not-before-policy': 0,
      session_state: sid,
      scope: 'openid email profile',
    },
  };
}

/** POST {realm}/protocol/openid-connect/token, answered as Keycloak answers. */
export async function tokenGrant(form: URLSearchParams): Promise<Answer> {
  const state = embeddedState();
  if (!state) return kcError(503, 'temporarily_unavailable', 'Embedded identity provider is not initialised; start the app with npm start');
  const clientId = form.get('client_id') ?? '';
  const clientSecret = form.get('client_secret') ?? '';
  if (clientId !== state.clientId || !same(clientSecret, state.clientSecret)) {
    return kcError(401, 'unauthorized_client', 'Invalid client or Invalid client credentials');
  }
  const grant = form.get('grant_type');
  if (grant === 'password') {
    const username = (form.get('username') ?? '').trim().toLowerCase();
    const user = await embeddedAccountByEmail(username);
    if (!user || !(await user.checkPassword(form.get('password') ?? ''))) return kcError(401, 'invalid_grant', 'Invalid user credentials');
    if (!user.enabled) return kcError(400, 'invalid_grant', 'Account disabled');
    return issue(state, user, { sid: randomUUID(), authTime: Math.floor(Date.now() / 1000) });
  }
  if (grant === 'refresh_token') return refreshTokenGrant(state, form.get('refresh_token') ?? '');
  return kcError(400, 'unsupported_grant_type', 'Unsupported grant_type');
}

async function refreshTokenGrant(state: EmbeddedState, token: string): Promise<Answer> {
  let payload: JWTPayload;
  try {
    const key = await importJWK(state.key.publicJwk, 'RS256');
    ({ payload } = await jwtVerify(token, key, { issuer: realmUrl(config().idp.baseUrl), requiredClaims: ['exp', 'iat', 'jti', 'sub'] }));
  } catch {
    return kcError(400, 'invalid_grant', 'Invalid refresh token');
  }
  const user = await embeddedAccountById(payload.sub ?? '');
  const sid = typeof payload.sid === 'string' ? payload.sid : '';
  if (payload.typ !== 'Refresh' || !user || !sid) return kcError(400, 'invalid_grant', 'Invalid refresh token');
  // tokens issued before auth_time was carried started their session at the latest at their own iat
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat!;
  const now = Math.floor(Date.now() / 1000);
  const sessionLeftMs = Math.max(1, authTime + SESSION_MAX_SECONDS - now) * 1000;
  try {
    if (await cache().get(keys.idpSessionRevoked(sid))) return kcError(400, 'invalid_grant', 'Session not active');
    // the one claim that spends this token, on every instance at once (kept until the token would expire anyway)
    const fresh = await cache().setIfAbsent(keys.idpRefreshSpent(payload.jti!), '1', Math.max(1, payload.exp! - now) * 1000 + 60_000);
    if (!fresh) {
      // a spent token again: whoever holds it may not be its owner, so the session's newest token dies with it
      await cache().set(keys.idpSessionRevoked(sid), '1', sessionLeftMs);
      return kcError(400, 'invalid_grant', 'Maximum allowed refresh token reuse exceeded');
    }
  } catch {
    // without the shared store a spent token cannot be told from a fresh one: refuse for now (the app keeps its
    // sessions and retries on a later request, as for any provider outage)
    return kcError(503, 'temporarily_unavailable', 'Refresh tokens cannot be checked right now');
  }
  if (!user.enabled) return kcError(400, 'invalid_grant', 'Account disabled');
  return issue(state, user, { sid, authTime });
}

/** GET {realm}/protocol/openid-connect/certs */
export function keySetDocument(): { keys: JWK[] } | null {
  const state = embeddedState();
  if (!state) return null;
  return { keys: [{ ...state.key.publicJwk, kid: state.key.kid, use: 'sig', alg: 'RS256' }] };
}

export function realmMatches(realm: string): boolean {
  return config().idp.embedded && realm === config().idp.realm;
}
