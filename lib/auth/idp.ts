// Client of the Keycloak-compatible identity provider's token endpoint (password and refresh_token grants),
// with Keycloak's error answers mapped to the spec's texts.
import { config } from '@/lib/config';
import { AppError, errorOf } from '@/lib/errors';
import { log } from '@/lib/log';

export interface IdpTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_expires_in?: number;
  token_type?: string;
}

export function realmUrl(base = config().idp.baseUrl): string {
  return `${base}/realms/${encodeURIComponent(config().idp.realm)}`;
}

export const tokenEndpoint = () => `${realmUrl()}/protocol/openid-connect/token`;
export const certsEndpoint = () => `${realmUrl()}/protocol/openid-connect/certs`;

const IDP_TIMEOUT_MS = 10_000;

async function tokenRequest(form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const { clientId, clientSecret } = config().idp;
  const res = await fetch(tokenEndpoint(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, ...form }),
    signal: AbortSignal.timeout(IDP_TIMEOUT_MS),
    cache: 'no-store',
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, body };
}

function asTokens(body: Record<string, unknown>): IdpTokens {
  if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
    throw new Error('identity provider answered without tokens');
  }
  return {
    access_token: body.access_token,
    refresh_token: body.refresh_token,
    expires_in: Number(body.expires_in ?? 300),
    refresh_expires_in: body.refresh_expires_in === undefined ? undefined : Number(body.refresh_expires_in),
    token_type: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
  };
}

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DISABLED = 'Account is disabled';
export const TOKEN_REFRESH_FAILED = 'Token refresh failed';
export const LOGIN_ERR = {
  invalidCredentials: errorOf(401, INVALID_CREDENTIALS),
  disabled: errorOf(401, ACCOUNT_DISABLED),
  refreshFailed: errorOf(401, TOKEN_REFRESH_FAILED),
} as const;

/** Password grant. 401 Invalid email or password / 401 Account is disabled on Keycloak's refusals. */
export async function passwordGrant(email: string, password: string): Promise<IdpTokens> {
  const { status, body } = await tokenRequest({ grant_type: 'password', username: email, password, scope: 'openid' });
  if (status === 200) return asTokens(body);
  const description = typeof body.error_description === 'string' ? body.error_description : '';
  if (body.error === 'invalid_grant' || status === 401) {
    if (/disabled/i.test(description)) throw new AppError(401, ACCOUNT_DISABLED);
    throw new AppError(401, INVALID_CREDENTIALS);
  }
  log.error({ status, error: body.error }, 'identity provider refused the password grant');
  throw new Error(`identity provider answered ${status}`);
}

/** The identity provider could not be reached (not a refusal): callers may keep a session and retry later. */
export class IdpUnavailableError extends AppError {
  constructor() {
    super(401, TOKEN_REFRESH_FAILED);
  }
}

/** Refresh grant. Any refusal is 401 Token refresh failed (IdpUnavailableError when the provider is unreachable). */
export async function refreshGrant(refreshToken: string): Promise<IdpTokens> {
  let result: { status: number; body: Record<string, unknown> };
  try {
    result = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'identity provider unreachable on refresh');
    throw new IdpUnavailableError();
  }
  if (result.status >= 500) throw new IdpUnavailableError();
  if (result.status !== 200) throw new AppError(401, TOKEN_REFRESH_FAILED);
  try {
    return asTokens(result.body);
  } catch {
    throw new AppError(401, TOKEN_REFRESH_FAILED);
  }
}
