// Client of Keycloak's admin REST API (external identity provider only): accounts created for invitations, realm
// role mappings changed, accounts disabled and enabled, required actions e-mailed by Keycloak itself. It acts with a
// service account's token (client credentials grant; the client needs realm-management's manage-users, view-users,
// query-users and view-realm roles), kept until shortly before it expires.
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';

const TIMEOUT_MS = 10_000;
let serviceToken: { token: string; until: number } | null = null;

/** Keycloak's UserRepresentation (the members read here). */
export interface KcUser {
  id: string;
  email?: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  enabled?: boolean;
  attributes?: Record<string, string[]>;
}

/** Keycloak's RoleRepresentation. */
export interface KcRole {
  id: string;
  name: string;
  composite?: boolean;
  clientRole?: boolean;
  containerId?: string;
}

/** The identity provider refused or failed an admin call: the admin sees this, the cause is logged. */
export const IDP_ADMIN_FAILED = 'The identity provider could not complete the change; please try again later';

async function token(): Promise<string> {
  if (serviceToken && serviceToken.until > Date.now()) return serviceToken.token;
  const { baseUrl, realm, admin } = config().idp;
  const res = await fetch(`${baseUrl}/realms/${encodeURIComponent(realm)}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: admin.clientId, client_secret: admin.clientSecret }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    cache: 'no-store',
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
  if (res.status !== 200 || !body.access_token) {
    log.error({ status: res.status, error: body.error }, 'identity provider refused the admin service account');
    throw new AppError(502, IDP_ADMIN_FAILED);
  }
  serviceToken = { token: body.access_token, until: Date.now() + Math.max(10, (body.expires_in ?? 60) - 30) * 1000 };
  return body.access_token;
}

async function call(method: string, path: string, body?: unknown, ok: number[] = [200, 201, 204]): Promise<{ status: number; body: unknown; headers: Headers }> {
  const { baseUrl, realm } = config().idp;
  const url = `${baseUrl}/admin/realms/${encodeURIComponent(realm)}${path}`;
  const send = async () =>
    fetch(url, {
      method,
      headers: { Authorization: `Bearer ${await token()}`, Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      cache: 'no-store',
    });
  let res: Response;
  try {
    res = await send();
    if (res.status === 401) {
      serviceToken = null; // revoked or expired early: once more with a new one
      res = await send();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error({ err: (err as Error).message, method, path }, 'identity provider admin API unreachable');
    throw new AppError(502, IDP_ADMIN_FAILED);
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!ok.includes(res.status)) {
    log.error({ status: res.status, method, path, body: parsed }, 'identity provider admin API refused a call');
    throw new AppError(502, IDP_ADMIN_FAILED);
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export async function findUserByEmail(email: string): Promise<KcUser | null> {
  const { body } = await call('GET', `/users?email=${encodeURIComponent(email)}&exact=true`);
  const list = Array.isArray(body) ? (body as KcUser[]) : [];
  return list.find((u) => (u.email ?? '').toLowerCase() === email.toLowerCase()) ?? null;
}

/** Creates an enabled account with a required password change; answers its id (an existing account's when taken). */
export async function createUser(u: { email: string; tenantId: string; requiredActions: string[] }): Promise<string> {
  const res = await call(
    'POST',
    '/users',
    { username: u.email, email: u.email, enabled: true, emailVerified: true, requiredActions: u.requiredActions, attributes: { tenant_id: [u.tenantId] } },
    [201, 409],
  );
  if (res.status === 201) {
    const location = res.headers.get('location') ?? '';
    const id = location.split('/').pop();
    if (id) return decodeURIComponent(id);
  }
  const found = await findUserByEmail(u.email);
  if (!found) throw new AppError(502, IDP_ADMIN_FAILED);
  return found.id;
}

export async function setEnabled(id: string, enabled: boolean): Promise<void> {
  await call('PUT', userPath(id), { enabled });
}

/** The realm roles this service gives inside a school; super_admin and others are never touched. */
export const SCHOOL_REALM_ROLES = ['teacher', 'student', 'tenant_admin', 'school_admin'] as const;

/** Replaces the user's school realm role with `role` (the other mappings stay). */
export async function setSchoolRealmRole(id: string, role: string): Promise<void> {
  const current = (await call('GET', `${userPath(id)}/role-mappings/realm`)).body as KcRole[];
  const drop = (Array.isArray(current) ? current : []).filter((r) => (SCHOOL_REALM_ROLES as readonly string[]).includes(r.name) && r.name !== role);
  if (drop.length) await call('DELETE', `${userPath(id)}/role-mappings/realm`, drop);
  if (!(Array.isArray(current) ? current : []).some((r) => r.name === role)) {
    const wanted = (await call('GET', `/roles/${encodeURIComponent(role)}`)).body as KcRole;
    await call('POST', `${userPath(id)}/role-mappings/realm`, [wanted]);
  }
}

/** Keycloak e-mails the user a link for the actions (UPDATE_PASSWORD, VERIFY_EMAIL); the link lives `lifespanSeconds`. */
export async function executeActionsEmail(id: string, actions: string[], lifespanSeconds: number, redirectUri?: string): Promise<void> {
  const q = new URLSearchParams({ lifespan: String(lifespanSeconds), client_id: config().idp.clientId, ...(redirectUri ? { redirect_uri: redirectUri } : {}) });
  await call('PUT', `${userPath(id)}/execute-actions-email?${q}`, actions);
}

/** Keycloak's own "forgot password" page of the realm (the sign-in page links to it with an external provider). */
export function keycloakResetUrl(): string {
  const { externalUrl, realm, clientId } = config().idp;
  return `${externalUrl}/realms/${encodeURIComponent(realm)}/login-actions/reset-credentials?client_id=${encodeURIComponent(clientId)}`;
}
