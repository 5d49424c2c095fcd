// A Keycloak-shaped identity provider for tests, served over real HTTP on 127.0.0.1 (test code, not
// product code). It follows Keycloak's contract (external-services.md §1): the token endpoint with the
// password and refresh_token grants and Keycloak's error answers, the certs key set, and tokens issued by
// the internal or the external issuer address. Tests manage it through /admin/* endpoints.
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
}

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

  async function tokensFor(u: StandinUser) {
    const iss = `${base}/realms/${REALM}`;
    const access = await sign(
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
          if (!u || u.password !== form.get('password')) return send(401, { error: 'invalid_grant', error_description: 'Invalid user credentials' });
          if (!u.enabled) return send(400, { error: 'invalid_grant', error_description: 'Account disabled' });
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
        return send(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' });
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
