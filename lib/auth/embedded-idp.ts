// The embedded Keycloak-compatible identity provider, used when no IDP_BASE_URL is configured. It serves
// Keycloak's token and certs endpoints at Keycloak's paths under the app's own address, so the login code
// talks to it over HTTP exactly as it talks to a real Keycloak realm. Its state (RSA key, client secret,
// demo accounts) is created by `npm start` (scripts/embedded/idp-state.mjs) under DATA_DIR.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { config, embeddedIdpStatePath } from '@/lib/config';
import { realmUrl } from './idp';

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
export const REFRESH_TOKEN_SECONDS = 1800;

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

async function issue(state: EmbeddedState, user: EmbeddedUser): Promise<Answer> {
  const key = await importJWK(state.key.privateJwk, 'RS256');
  const iss = realmUrl(config().idp.baseUrl);
  const now = Math.floor(Date.now() / 1000);
  const sid = randomUUID();
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
  const refresh = await new SignJWT({ typ: 'Refresh', azp: state.clientId, sid })
    .setProtectedHeader({ alg: 'RS256', kid: state.key.kid, typ: 'JWT' })
    .setIssuer(iss)
    .setSubject(user.id)
    .setAudience(iss)
    .setIssuedAt(now)
    .setExpirationTime(now + REFRESH_TOKEN_SECONDS)
    .setJti(randomUUID())
    .sign(key);
  return {
    status: 200,
    body: {
      access_token: access,
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_expires_in: REFRESH_TOKEN_SECONDS,
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
    const user = state.users.find((u) => u.email.toLowerCase() === username);
    if (!user || !same(form.get('password') ?? '', user.password)) return kcError(401, 'invalid_grant', 'Invalid user credentials');
    if (!user.enabled) return kcError(400, 'invalid_grant', 'Account disabled');
    return issue(state, user);
  }
  if (grant === 'refresh_token') {
    try {
      const key = await importJWK(state.key.publicJwk, 'RS256');
      const { payload } = await jwtVerify(form.get('refresh_token') ?? '', key, { issuer: realmUrl(config().idp.baseUrl) });
      const user = state.users.find((u) => u.id === payload.sub);
      if (payload.typ !== 'Refresh' || !user) return kcError(400, 'invalid_grant', 'Invalid refresh token');
      if (!user.enabled) return kcError(400, 'invalid_grant', 'Account disabled');
      return issue(state, user);
    } catch {
      return kcError(400, 'invalid_grant', 'Invalid refresh token');
    }
  }
  return kcError(400, 'unsupported_grant_type', 'Unsupported grant_type');
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
