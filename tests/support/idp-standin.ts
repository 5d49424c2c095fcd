// A Keycloak-shaped identity provider for tests, served over real HTTP on 127.0.0.1 (test code, not
// product code). It follows Keycloak's contract (external-services.md §1): the token endpoint with the
// password and refresh_token grants and Keycloak's error answers, the certs key set, and tokens issued by
// the internal or the external issuer address. Tests manage it through /admin/* endpoints.
// Keycloak's admin REST API as the app uses it (external-services.md §9), answered in Keycloak's shapes: a service
// account's token by the client credentials grant, then /admin/realms/{realm}/users (create, search by email,
// update), realm role mappings, realm roles by name and execute-actions-email (recorded: GET /admin/actions-emails).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, jwtVerify, type JWK, type CryptoKey } from 'jose';
import { readBody } from './read-body';

export const REALM = 'test-realm';
export const CLIENT_ID = 'lumen-test';
export const CLIENT_SECRET = 'test-client-secret-123';
export const EXTERNAL_BASE = 'http://idp.external.test';

export interface StandinUser {
  id: string;
  email: string;
  password: string;
  name: string;
  roles: string[];
  enabled: boolean;
  tenantId?: string;
  /** lifetime of this user's access tokens in seconds (Keycloak's default: 300) */
  accessTtl?: number;
  requiredActions?: string[];
  attributes?: Record<string, string[]>;
  createdTimestamp?: number;
}

/** A mail Keycloak would have sent for execute-actions-email. */
export interface ActionsEmail {
  userId: string;
  email: string;
  actions: string[];
  lifespan: number | null;
  clientId: string | null;
  redirectUri: string | null;
}

/** The realm roles of the stand-in realm (Keycloak's RoleRepresentation). */
const REALM_ID = 'c0ffee00-0000-4000-8000-000000000001';
const REALM_ROLES = ['super_admin', 'tenant_admin', 'school_admin', 'teacher', 'student'].map((name, i) => ({
  id: `0000000${i}-1111-4111-8111-111111111111`,
  name,
  description: `${name} role`,
  composite: false,
  clientRole: false,
  containerId: REALM_ID,
}));
/** The roles of realm-management a service account needs for what the app does (README "Running a school"). */
const ADMIN_CLIENT_ROLES = ['manage-users', 'view-users', 'query-users', 'view-realm'];

export interface IdpStandin {
  url: string;
  close(): Promise<void>;
}


export async function startIdpStandin(): Promise<IdpStandin> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' };
  const users = new Map<string, StandinUser>();
  // refresh-token rotation as Keycloak does it with "Revoke Refresh Token": each refresh token works once
  const usedRefreshTokens = new Set<string>();
  const refreshCount = new Map<string, number>();
  let base = '';
  const serviceAccountId = randomUUID();

  async function sign(claims: Record<string, unknown>, opts: { issuer: string; sub: string; expiresIn: number; key?: CryptoKey; kid?: string }) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? kid, typ: 'JWT' })
      .setIssuer(opts.issuer)
      .setSubject(opts.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + opts.expiresIn)
      .setJti(randomUUID())
      .sign(opts.key ?? privateKey);
  }

  const actionsEmails: ActionsEmail[] = [];
  /** Keycloak's UserRepresentation of a stand-in user */
  const representation = (u: StandinUser) => ({
    id: u.id,
    createdTimestamp: u.createdTimestamp ?? 0,
    username: u.email,
    enabled: u.enabled,
    emailVerified: true,
    firstName: u.name,
    email: u.email,
    attributes: { ...(u.attributes ?? {}), ...(u.tenantId ? { tenant_id: [u.tenantId] } : {}) },
    requiredActions: u.requiredActions ?? [],
  });

  async function tokensFor(u: StandinUser) {
    const iss = `${base}/realms/${REALM}`;
    const access = await sign(
      // the tenant_id claim comes from the user attribute of the same name (a Keycloak user-attribute mapper)
      { typ: 'Bearer', azp: CLIENT_ID, email: u.email, name: u.name, preferred_username: u.email, realm_access: { roles: u.roles }, ...(u.tenantId ? { tenant_id: u.tenantId } : {}) },
      { issuer: iss, sub: u.id, expiresIn: u.accessTtl ?? 300 },
    );
    const refresh = await sign({ typ: 'Refresh', azp: CLIENT_ID }, { issuer: iss, sub: u.id, expiresIn: 1800 });
    return { access_token: access, expires_in: u.accessTtl ?? 300, refresh_expires_in: 1800, refresh_token: refresh, token_type: 'Bearer', 'not-before-policy': 0, scope: 'openid email profile' };
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? '/', base);
      const realmPath = `/realms/${REALM}/protocol/openid-connect`;
      if (req.method === 'GET' && url.pathname === `${realmPath}/certs`) return send(200, { keys: [jwk] });
      if (req.method === 'POST' && url.pathname === `${realmPath}/token`) {
        const form = new URLSearchParams(await readBody(req));
        if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
          return send(401, { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' });
        }
        if (form.get('grant_type') === 'password') {
          const u = users.get((form.get('username') ?? '').toLowerCase());
          if (!u || !u.password || u.password !== form.get('password')) return send(401, { error: 'invalid_grant', error_description: 'Invalid user credentials' });
          if (!u.enabled) return send(400, { error: 'invalid_grant', error_description: 'Account disabled' });
          if (u.requiredActions?.length) return send(400, { error: 'invalid_grant', error_description: 'Account is not fully set up' });
          return send(200, await tokensFor(u));
        }
        if (form.get('grant_type') === 'refresh_token') {
          try {
            const { payload } = await jwtVerify(form.get('refresh_token') ?? '', publicKey);
            const u = [...users.values()].find((x) => x.id === payload.sub);
            if (!u || payload.typ !== 'Refresh' || typeof payload.jti !== 'string' || usedRefreshTokens.has(payload.jti)) throw new Error('bad');
            usedRefreshTokens.add(payload.jti);
            refreshCount.set(u.email, (refreshCount.get(u.email) ?? 0) + 1);
            if (!u.enabled) return send(400, { error: 'invalid_grant', error_description: 'Account disabled' });
            return send(200, await tokensFor(u));
          } catch {
            return send(400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
          }
        }
        if (form.get('grant_type') === 'client_credentials') {
          // the client's service account, with realm-management's roles for the admin REST API
          const access = await sign(
            { typ: 'Bearer', azp: CLIENT_ID, preferred_username: `service-account-${CLIENT_ID}`, resource_access: { 'realm-management': { roles: ADMIN_CLIENT_ROLES } }, scope: 'profile email' },
            { issuer: `${base}/realms/${REALM}`, sub: serviceAccountId, expiresIn: 300 },
          );
          return send(200, { access_token: access, expires_in: 300, refresh_expires_in: 0, token_type: 'Bearer', 'not-before-policy': 0, scope: 'profile email' });
        }
        return send(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' });
      }
      // ---- Keycloak's admin REST API
      const adminPrefix = `/admin/realms/${REALM}`;
      if (url.pathname.startsWith(`${adminPrefix}/`)) {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        let roles: string[] = [];
        try {
          const { payload } = await jwtVerify(bearer ?? '', publicKey, { issuer: `${base}/realms/${REALM}` });
          roles = ((payload.resource_access as Record<string, { roles?: string[] }> | undefined)?.['realm-management']?.roles ?? []);
        } catch {
          return send(401, { error: 'HTTP 401 Unauthorized' });
        }
        if (!ADMIN_CLIENT_ROLES.every((r) => roles.includes(r))) return send(403, { error: 'HTTP 403 Forbidden' });
        const rest = url.pathname.slice(adminPrefix.length);
        const byId = (id: string) => [...users.values()].find((x) => x.id === decodeURIComponent(id));
        const readJson = async () => JSON.parse((await readBody(req)) || 'null') as unknown;
        if (rest === '/users' && req.method === 'POST') {
          const rep = (await readJson()) as { username?: string; email?: string; firstName?: string; lastName?: string; enabled?: boolean; requiredActions?: string[]; attributes?: Record<string, string[]> };
          const email = (rep.email ?? rep.username ?? '').toLowerCase();
          if (!email) return send(400, { errorMessage: 'error-user-attribute-required', field: 'email' });
          if (users.has(email)) return send(409, { errorMessage: 'User exists with same email' });
          const user: StandinUser = {
            id: randomUUID(),
            email,
            password: '',
            name: [rep.firstName, rep.lastName].filter(Boolean).join(' ') || email,
            roles: [],
            enabled: rep.enabled ?? false,
            requiredActions: rep.requiredActions ?? [],
            attributes: rep.attributes ?? {},
            tenantId: rep.attributes?.tenant_id?.[0],
            createdTimestamp: Date.now(),
          };
          users.set(email, user);
          res.writeHead(201, { Location: `${base}${adminPrefix}/users/${user.id}` });
          return res.end();
        }
        if (rest === '/users' && req.method === 'GET') {
          const email = url.searchParams.get('email')?.toLowerCase();
          const exact = url.searchParams.get('exact') === 'true';
          const list = [...users.values()].filter((u) => !email || (exact ? u.email === email : u.email.includes(email)));
          return send(200, list.map(representation));
        }
        let m = /^\/roles\/([^/]+)$/.exec(rest);
        if (m && req.method === 'GET') {
          const role = REALM_ROLES.find((r) => r.name === decodeURIComponent(m![1]!));
          return role ? send(200, role) : send(404, { error: 'Could not find role' });
        }
        m = /^\/users\/([^/]+)(\/.*)?$/.exec(rest);
        if (m) {
          const u = byId(m[1]!);
          if (!u) return send(404, { error: 'User not found' });
          const sub = m[2] ?? '';
          if (sub === '' && req.method === 'GET') return send(200, representation(u));
          if (sub === '' && req.method === 'PUT') {
            const rep = (await readJson()) as { enabled?: boolean; firstName?: string; requiredActions?: string[]; attributes?: Record<string, string[]> };
            if (rep.enabled !== undefined) u.enabled = rep.enabled;
            if (rep.firstName !== undefined) u.name = rep.firstName;
            if (rep.requiredActions !== undefined) u.requiredActions = rep.requiredActions;
            if (rep.attributes !== undefined) {
              u.attributes = rep.attributes;
              u.tenantId = rep.attributes.tenant_id?.[0];
            }
            res.writeHead(204);
            return res.end();
          }
          if (sub === '/role-mappings/realm') {
            if (req.method === 'GET') return send(200, REALM_ROLES.filter((r) => u.roles.includes(r.name)));
            if (req.method === 'POST' || req.method === 'DELETE') {
              const reps = (await readJson()) as { id?: string; name?: string }[];
              const found = (Array.isArray(reps) ? reps : []).map((r) => REALM_ROLES.find((x) => x.id === r.id || x.name === r.name));
              if (found.some((r) => !r)) return send(404, { error: 'Role not found' });
              const names = found.map((r) => r!.name);
              u.roles = req.method === 'POST' ? [...new Set([...u.roles, ...names])] : u.roles.filter((r) => !names.includes(r));
              res.writeHead(204);
              return res.end();
            }
          }
          if (sub === '/execute-actions-email' && req.method === 'PUT') {
            const actions = (await readJson());
            if (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string')) return send(400, { errorMessage: 'Invalid actions' });
            if (!u.enabled) return send(400, { errorMessage: 'User is disabled' });
            const lifespan = url.searchParams.get('lifespan');
            actionsEmails.push({ userId: u.id, email: u.email, actions, lifespan: lifespan ? Number(lifespan) : null, clientId: url.searchParams.get('client_id'), redirectUri: url.searchParams.get('redirect_uri') });
            res.writeHead(204);
            return res.end();
          }
        }
        return send(404, { error: 'RESTEASY003210: Could not find resource for full path' });
      }
      // ---- test administration
      if (req.method === 'POST' && url.pathname === '/admin/users') {
        const u = JSON.parse(await readBody(req)) as Partial<StandinUser> & { email: string };
        const user: StandinUser = { id: randomUUID(), password: 'secret-pass', name: u.email, roles: [], enabled: true, ...u, email: u.email.toLowerCase() };
        users.set(user.email, user);
        return send(201, user);
      }
      if (req.method === 'PATCH' && url.pathname.startsWith('/admin/users/')) {
        // change a user: { enabled?, accessTtl? }
        const u = users.get(decodeURIComponent(url.pathname.slice('/admin/users/'.length)).toLowerCase());
        if (!u) return send(404, { error: 'not found' });
        Object.assign(u, JSON.parse(await readBody(req)) as Partial<StandinUser>);
        return send(200, u);
      }
      if (req.method === 'GET' && url.pathname === '/admin/actions-emails') {
        // what Keycloak would have mailed (execute-actions-email), for one address
        const email = (url.searchParams.get('email') ?? '').toLowerCase();
        return send(200, actionsEmails.filter((e) => e.email === email));
      }
      if (req.method === 'GET' && url.pathname.startsWith('/admin/users/')) {
        const u = users.get(decodeURIComponent(url.pathname.slice('/admin/users/'.length)).toLowerCase());
        return u ? send(200, u) : send(404, { error: 'not found' });
      }
      if (req.method === 'GET' && url.pathname.startsWith('/admin/refresh-count/')) {
        return send(200, { count: refreshCount.get(decodeURIComponent(url.pathname.slice('/admin/refresh-count/'.length)).toLowerCase()) ?? 0 });
      }
      if (req.method === 'POST' && url.pathname === '/admin/token') {
        // mint an access token for arbitrary claims: { sub, claims, issuer: 'internal'|'external'|string, expiresIn, foreignKey }
        const b = JSON.parse(await readBody(req)) as { sub?: string; claims?: Record<string, unknown>; issuer?: string; expiresIn?: number; foreignKey?: boolean };
        const issuer = b.issuer === 'external' ? `${EXTERNAL_BASE}/realms/${REALM}` : b.issuer && b.issuer !== 'internal' ? b.issuer : `${base}/realms/${REALM}`;
        let key: CryptoKey | undefined;
        if (b.foreignKey) key = (await generateKeyPair('RS256')).privateKey;
        const token = await sign({ typ: 'Bearer', azp: CLIENT_ID, ...b.claims }, { issuer, sub: b.sub ?? randomUUID(), expiresIn: b.expiresIn ?? 300, key });
        return send(200, { token });
      }
      send(404, { error: 'not found' });
    } catch (err) {
      send(500, { error: String(err) });
    }
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, close: () => new Promise((r) => server.close(() => r())) };
}
