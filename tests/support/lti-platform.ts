// A stand-in LTI 1.3 Advantage platform — the LMS side (Moodle, Canvas…) — over real HTTP on 127.0.0.1, which tests
// drive against our tool (contract: external-services.md §6; test code, not product code). It plays:
// - the platform's key set (GET /jwks) and its OIDC authorization endpoint (GET/POST /auth, step 2 of the
//   third-party-initiated login): it checks the tool's redirect and answers an auto-submitting form that posts a signed
//   id_token and the state to redirect_uri, for the launch the test set up with setLogin(login_hint, …);
// - the token endpoint (POST /token): client-credentials grant with a JWT client assertion verified against the tool's JWKS;
// - Assignment and Grade Services (line items, scores, results under /ags/<context>/lineitems) and Names and Role
//   Provisioning Services (/nrps/<context>/members, paged with Link rel="next"), both behind the issued bearer tokens;
// - the deep-linking return URL (POST /deep-link-return) that verifies the tool's LtiDeepLinkingResponse;
// - a course page (GET /course/<context>?login_hint=…) that iframes the tool's login URL, for browser tests.
// Tests can also mint launches directly (launchClaims + signIdToken) for certification-style negative cases,
// and make the next requests of an endpoint fail (failNext). Everything is kept in memory.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet, type JWK } from 'jose';
import { readBody } from './read-body';

export interface PlatformUser {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  roles?: string[];
}

type LaunchKind = {
  user: PlatformUser;
  contextId?: string;
  resourceLinkId?: string;
  targetLinkUri?: string;
  deepLinking?: boolean;
  lineitem?: string | null;
};
type LineItem = {
  id: string;
  contextId: string;
  label: string;
  scoreMaximum: number;
  resourceId?: string;
  resourceLinkId?: string;
  tag?: string;
};
type Member = { user_id: string; roles: string[]; name?: string; email?: string; status?: string };
type FailKind = 'token' | 'ags-list' | 'ags-create' | 'score' | 'nrps' | 'jwks';

export interface LtiPlatformStandin {
  url: string;
  issuer: string;
  clientId: string;
  deploymentId: string;
  authLoginUrl: string;
  authTokenUrl: string;
  keysetUrl: string;
  /** a base; a context's line items are `${url}/ags/<contextId>/lineitems` */
  agsEndpoint: string;
  /** a base; a context's roster is `${url}/nrps/<contextId>/members` */
  nrpsEndpoint: string;
  kid: string;
  /** how many times the key set was fetched */
  jwksRequests: number;
  /** a new signing key with a new kid, published beside the old one (a platform's key rotation) */
  rotateKey(): Promise<void>;
  /** the tool's addresses, set by the test: JWKS (to verify client assertions and deep-link responses), login URL, launch URL */
  tool: { jwksUrl: string; loginUrl: string; launchUrl: string };
  /** the body a test POSTs to the tool's /lti/platforms */
  registration(): {
    issuer: string;
    clientId: string;
    name: string;
    authLoginUrl: string;
    authTokenUrl: string;
    keysetUrl: string;
    deploymentId: string;
    agsEndpoint: string;
    nrpsEndpoint: string;
  };
  /** claims of a valid launch for `user` (default: a student), LtiResourceLinkRequest unless deepLinking is set; any top-level
   *  claim can be overridden or removed (value undefined) by `overrides`. lineitem null or absent: no `lineitem` in the AGS claim. */
  launchClaims(opts: {
    nonce: string;
    user?: PlatformUser;
    contextId?: string;
    resourceLinkId?: string;
    targetLinkUri?: string;
    deepLinking?: boolean;
    lineitem?: string | null;
    overrides?: Record<string, unknown>;
  }): Record<string, unknown>;
  /** signs claims as an id_token: header alg RS256 and the platform kid unless told otherwise (kid null = no kid; key 'other' =
   *  a key not in the JWKS); iat / expiresIn (seconds, may be negative) replace the claims' iat / exp */
  signIdToken(
    claims: Record<string, unknown>,
    opts?: { kid?: string | null; key?: 'platform' | 'other'; expiresIn?: number; iat?: number },
  ): Promise<string>;
  /** what the platform will answer to the tool's OIDC auth redirect for a login_hint: the user and launch kind */
  setLogin(loginHint: string, launch: LaunchKind): void;
  /** every /auth request's parameters */
  authRequests: URLSearchParams[];
  tokenRequests: { scope: string; ok: boolean }[];
  scores: { contextId: string; lineItemId: string; body: Record<string, unknown> }[];
  /** keyed by full line item URL (tests may add items, e.g. one to name in a launch's `lineitem`) */
  lineItems: Map<string, LineItem>;
  /** verified payloads received at the deep-link return URL */
  deepLinkResponses: Record<string, unknown>[];
  /** roster per context (set by the test) */
  members: Map<string, Member[]>;
  /** default 2 */
  nrpsPageSize: number;
  /** answer the next `count` (default 1) requests of a kind with `status` */
  failNext(kind: FailKind, status: number, count?: number): void;
  /** GET `${url}/course/<contextId>?login_hint=<hint>`: an LMS course page that iframes the tool's login URL */
  coursePageUrl(contextId: string, loginHint: string): string;
  close(): Promise<void>;
}

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const AGS_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/';
const SCOPES = {
  lineitem: `${AGS_SCOPE}lineitem`,
  lineitemRead: `${AGS_SCOPE}lineitem.readonly`,
  resultRead: `${AGS_SCOPE}result.readonly`,
  score: `${AGS_SCOPE}score`,
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
};
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
const DEFAULT_STUDENT: PlatformUser = {
  sub: 'student-1',
  name: 'Sam Student',
  given_name: 'Sam',
  family_name: 'Student',
  email: 'sam.student@example.edu',
  roles: [LEARNER],
};
const DL_DATA = 'dl-data-opaque';
const MEDIA = {
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  container: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  score: 'application/vnd.ims.lis.v1.score+json',
  results: 'application/vnd.ims.lis.v2.resultcontainer+json',
  members: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
};
const ACTIVITY = ['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'];
const GRADING = ['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'];

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
const ctxInfo = (id: string) => ({ id, label: `C-${id}`, title: `Course ${id}` });

export async function startLtiPlatform(opts: { clientId?: string } = {}): Promise<LtiPlatformStandin> {
  let { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256');
  let kid = `platform-${randomUUID()}`;
  /** the published keys: the current one, and the ones retired by rotateKey() */
  const published: JWK[] = [{ ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' }];
  const logins = new Map<string, LaunchKind>();
  const tokens = new Map<string, { scopes: string[]; exp: number }>();
  const seenJtis = new Set<string>();
  const failures = new Map<FailKind, { status: number; count: number }>();
  let nextLineItem = 1;

  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const lineItemsUrl = (ctx: string) => `${url}/ags/${encodeURIComponent(ctx)}/lineitems`;

  const p: LtiPlatformStandin = {
    url,
    issuer: url,
    clientId: opts.clientId ?? 'lumen-tool-client',
    deploymentId: 'deployment-1',
    authLoginUrl: `${url}/auth`,
    authTokenUrl: `${url}/token`,
    keysetUrl: `${url}/jwks`,
    agsEndpoint: `${url}/ags`,
    nrpsEndpoint: `${url}/nrps`,
    get kid() {
      return kid;
    },
    async rotateKey() {
      ({ privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true }));
      kid = `platform-${randomUUID()}`;
      published.unshift({ ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' });
    },
    jwksRequests: 0,
    tool: { jwksUrl: '', loginUrl: '', launchUrl: '' },
    registration: () => ({
      issuer: p.issuer,
      clientId: p.clientId,
      name: 'Stand-in LMS',
      authLoginUrl: p.authLoginUrl,
      authTokenUrl: p.authTokenUrl,
      keysetUrl: p.keysetUrl,
      deploymentId: p.deploymentId,
      agsEndpoint: p.agsEndpoint,
      nrpsEndpoint: p.nrpsEndpoint,
    }),
    launchClaims(o) {
      const user = o.user ?? DEFAULT_STUDENT;
      const ctx = o.contextId ?? 'course-1';
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: p.issuer,
        aud: p.clientId,
        azp: p.clientId,
        sub: user.sub,
        exp: now + 300,
        iat: now,
        nonce: o.nonce,
        // only the PII the platform shares
        ...Object.fromEntries(
          (['name', 'given_name', 'family_name', 'email'] as const).filter((k) => user[k] !== undefined).map((k) => [k, user[k]]),
        ),
        [`${LTI}message_type`]: o.deepLinking ? 'LtiDeepLinkingRequest' : 'LtiResourceLinkRequest',
        [`${LTI}version`]: '1.3.0',
        [`${LTI}deployment_id`]: p.deploymentId,
        [`${LTI}target_link_uri`]: o.targetLinkUri ?? p.tool.launchUrl,
        [`${LTI}roles`]: user.roles ?? [LEARNER],
        [`${LTI}context`]: { ...ctxInfo(ctx), type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'] },
        [`${LTI}tool_platform`]: {
          guid: `platform-${new URL(url).port}`,
          name: 'Stand-in LMS',
          product_family_code: 'moodle',
          version: '4.4',
        },
        [`${LTI}launch_presentation`]: { document_target: 'iframe', return_url: `${url}/course/${encodeURIComponent(ctx)}`, locale: 'en' },
        'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
          scope: [SCOPES.lineitem, SCOPES.lineitemRead, SCOPES.resultRead, SCOPES.score],
          lineitems: lineItemsUrl(ctx),
          ...(o.lineitem ? { lineitem: o.lineitem } : {}),
        },
        'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
          context_memberships_url: `${url}/nrps/${encodeURIComponent(ctx)}/members`,
          service_versions: ['2.0'],
        },
      };
      if (o.deepLinking) {
        claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] = {
          deep_link_return_url: `${url}/deep-link-return`,
          accept_types: ['ltiResourceLink'],
          accept_presentation_document_targets: ['iframe', 'window'],
          accept_multiple: true,
          data: DL_DATA,
        };
      } else {
        const id = o.resourceLinkId ?? 'resource-link-1';
        claims[`${LTI}resource_link`] = { id, title: `Activity ${id}` };
      }
      for (const [k, v] of Object.entries(o.overrides ?? {})) {
        if (v === undefined) delete claims[k];
        else claims[k] = v;
      }
      return claims;
    },
    async signIdToken(claims, o = {}) {
      const payload = { ...claims };
      if (o.iat !== undefined) payload.iat = o.iat;
      if (o.expiresIn !== undefined)
        payload.exp = (typeof payload.iat === 'number' ? payload.iat : Math.floor(Date.now() / 1000)) + o.expiresIn;
      const header = o.kid === null ? { alg: 'RS256', typ: 'JWT' } : { alg: 'RS256', typ: 'JWT', kid: o.kid ?? kid };
      return new SignJWT(payload).setProtectedHeader(header).sign(o.key === 'other' ? other.privateKey : privateKey);
    },
    setLogin: (hint, launch) => void logins.set(hint, launch),
    authRequests: [],
    tokenRequests: [],
    scores: [],
    lineItems: new Map(),
    deepLinkResponses: [],
    members: new Map(),
    nrpsPageSize: 2,
    failNext: (k, status, count = 1) => void failures.set(k, { status, count }),
    coursePageUrl: (ctx, hint) => `${url}/course/${encodeURIComponent(ctx)}?login_hint=${encodeURIComponent(hint)}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  /** the tool's current keys, fetched afresh each time (no cache, so a test may rotate them) */
  async function toolKeys() {
    if (!p.tool.jwksUrl) throw new Error('tool.jwksUrl is not set');
    const r = await fetch(p.tool.jwksUrl);
    if (!r.ok) throw new Error(`tool JWKS answered ${r.status}`);
    return createLocalJWKSet((await r.json()) as JSONWebKeySet);
  }

  /** an injected failure for this kind of request, if any remain (consumed) */
  function failing(k: FailKind) {
    const f = failures.get(k);
    if (!f || f.count <= 0) return undefined;
    if (--f.count === 0) failures.delete(k);
    return f.status;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const send = (status: number, body: unknown, type = 'application/json', headers: Record<string, string> = {}) =>
      void res.writeHead(status, { 'Content-Type': type, ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
    const text = (status: number, msg: string) => send(status, msg, 'text/plain; charset=utf-8');
    const html = (status: number, body: string) => send(status, body, 'text/html; charset=utf-8');
    try {
      const u = new URL(req.url ?? '/', url);
      const path = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      const m = req.method ?? 'GET';
      /** the scopes of the request's bearer token, or undefined when it has none that is valid */
      const bearer = () => {
        const t = tokens.get(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
        return t && t.exp > Date.now() ? t.scopes : undefined;
      };
      const deny = (...anyOf: string[]) => {
        const scopes = bearer();
        if (scopes && anyOf.some((s) => scopes.includes(s))) return false;
        send(401, { error: scopes ? 'insufficient_scope' : 'invalid_token' }, 'application/json', { 'WWW-Authenticate': 'Bearer' });
        return true;
      };
      const injected = (k: FailKind) => {
        const status = failing(k);
        if (status !== undefined) send(status, { error: `injected failure (${k})` });
        return status !== undefined;
      };

      // ---- platform key set
      if (m === 'GET' && u.pathname === '/jwks') {
        p.jwksRequests++;
        return injected('jwks') || send(200, { keys: published });
      }

      // ---- OIDC authorization endpoint (login step 2): answers the launch as an auto-submitting form_post
      if (u.pathname === '/auth' && (m === 'GET' || m === 'POST')) {
        const q = m === 'POST' ? new URLSearchParams(await readBody(req)) : u.searchParams;
        p.authRequests.push(q);
        const expect: Record<string, string> = {
          scope: 'openid',
          response_type: 'id_token',
          response_mode: 'form_post',
          prompt: 'none',
          client_id: p.clientId,
        };
        for (const [k, v] of Object.entries(expect)) if (q.get(k) !== v) return text(400, `invalid_request: ${k} must be ${v}`);
        for (const k of ['redirect_uri', 'login_hint', 'state', 'nonce'])
          if (!q.get(k)) return text(400, `invalid_request: ${k} is required`);
        if (!URL.canParse(q.get('redirect_uri')!)) return text(400, 'invalid_request: redirect_uri is not a URL');
        const launch = logins.get(q.get('login_hint')!);
        if (!launch) return text(400, 'login_required: unknown login_hint');
        const idToken = await p.signIdToken(p.launchClaims({ ...launch, nonce: q.get('nonce')! }));
        return html(
          200,
          page(
            'Launching…',
            `<form method="POST" action="${esc(q.get('redirect_uri'))}">` +
              `<input type="hidden" name="id_token" value="${esc(idToken)}"><input type="hidden" name="state" value="${esc(q.get('state'))}">` +
              `<noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script>`,
          ),
        );
      }

      // ---- token endpoint: client credentials with a JWT client assertion (LTI security framework §4.1)
      if (m === 'POST' && u.pathname === '/token') {
        const f = new URLSearchParams(await readBody(req));
        const scope = f.get('scope') ?? '';
        const refuse = (status: number, error: string, description: string) => (
          p.tokenRequests.push({ scope, ok: false }),
          send(status, { error, error_description: description })
        );
        const status = failing('token');
        if (status !== undefined) return refuse(status, 'temporarily_unavailable', 'injected failure (token)');
        if (f.get('grant_type') !== 'client_credentials')
          return refuse(400, 'unsupported_grant_type', 'grant_type must be client_credentials');
        if (f.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' || !f.get('client_assertion')) {
          return refuse(400, 'invalid_client', 'a jwt-bearer client_assertion is required');
        }
        try {
          const { payload } = await jwtVerify(f.get('client_assertion')!, await toolKeys(), {
            issuer: p.clientId,
            subject: p.clientId,
            audience: p.authTokenUrl,
            algorithms: ['RS256'],
            requiredClaims: ['exp', 'jti'],
          });
          if (seenJtis.has(payload.jti!)) throw new Error('jti replayed');
          seenJtis.add(payload.jti!);
        } catch (err) {
          return refuse(401, 'invalid_client', `client assertion rejected: ${(err as Error).message}`);
        }
        const granted = scope.split(/\s+/).filter((s) => Object.values(SCOPES).includes(s));
        if (!granted.length) return refuse(400, 'invalid_scope', 'no known scope requested');
        const token = randomBytes(24).toString('base64url');
        tokens.set(token, { scopes: granted, exp: Date.now() + 3600_000 });
        p.tokenRequests.push({ scope, ok: true });
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: granted.join(' ') });
      }

      // ---- AGS: /ags/<ctx>/lineitems[/<n>[/scores|/results]]
      if (path[0] === 'ags' && path[2] === 'lineitems' && path.length >= 3) {
        const ctx = path[1]!;
        if (path.length === 3 && m === 'GET') {
          if (injected('ags-list') || deny(SCOPES.lineitem, SCOPES.lineitemRead)) return;
          const filters = [
            ['resource_link_id', 'resourceLinkId'],
            ['tag', 'tag'],
            ['resource_id', 'resourceId'],
          ] as const;
          const items = [...p.lineItems.values()].filter(
            (i) => i.contextId === ctx && filters.every(([q, k]) => !u.searchParams.has(q) || i[k] === u.searchParams.get(q)),
          );
          return send(
            200,
            items.map(({ contextId: _c, ...i }) => i),
            MEDIA.container,
          );
        }
        if (path.length === 3 && m === 'POST') {
          if (injected('ags-create') || deny(SCOPES.lineitem)) return;
          if (!/json/.test(req.headers['content-type'] ?? '')) return send(415, { error: `content type must be ${MEDIA.lineItem}` });
          const b = JSON.parse(await readBody(req)) as Partial<LineItem>;
          if (typeof b.label !== 'string' || !b.label || typeof b.scoreMaximum !== 'number' || !(b.scoreMaximum > 0)) {
            return send(400, { error: 'label and a positive scoreMaximum are required' });
          }
          const id = `${lineItemsUrl(ctx)}/${nextLineItem++}`;
          const item: LineItem = { id, contextId: ctx, label: b.label, scoreMaximum: b.scoreMaximum };
          for (const k of ['resourceId', 'resourceLinkId', 'tag'] as const) if (typeof b[k] === 'string') item[k] = b[k];
          p.lineItems.set(id, item);
          const { contextId: _c, ...body } = item;
          return send(201, body, MEDIA.lineItem, { Location: id });
        }
        const item = p.lineItems.get(`${lineItemsUrl(ctx)}/${encodeURIComponent(path[3] ?? '')}`);
        if (path.length === 4 && m === 'GET') {
          if (deny(SCOPES.lineitem, SCOPES.lineitemRead)) return;
          if (!item) return send(404, { error: 'no such line item' });
          const { contextId: _c, ...body } = item;
          return send(200, body, MEDIA.lineItem);
        }
        if (path.length === 5 && path[4] === 'scores' && m === 'POST') {
          if (injected('score') || deny(SCOPES.score)) return;
          if (!item) return send(404, { error: 'no such line item' });
          if (!(req.headers['content-type'] ?? '').startsWith(MEDIA.score))
            return send(415, { error: `content type must be ${MEDIA.score}` });
          const b = JSON.parse(await readBody(req)) as Record<string, unknown>;
          const bad =
            (typeof b.userId !== 'string' || !b.userId ? 'userId' : '') ||
            (typeof b.scoreGiven !== 'number' ? 'scoreGiven' : '') ||
            (typeof b.scoreMaximum !== 'number' || !(b.scoreMaximum > 0) ? 'scoreMaximum' : '') ||
            (!ACTIVITY.includes(b.activityProgress as string) ? 'activityProgress' : '') ||
            (!GRADING.includes(b.gradingProgress as string) ? 'gradingProgress' : '') ||
            (typeof b.timestamp !== 'string' || Number.isNaN(Date.parse(b.timestamp)) ? 'timestamp' : '');
          if (bad) return send(400, { error: `invalid score: ${bad}` });
          p.scores.push({ contextId: ctx, lineItemId: item.id, body: b });
          return send(200, {});
        }
        if (path.length === 5 && path[4] === 'results' && m === 'GET') {
          // the latest score per user, as results (result.readonly)
          if (deny(SCOPES.resultRead)) return;
          if (!item) return send(404, { error: 'no such line item' });
          const latest = new Map(p.scores.filter((s) => s.lineItemId === item.id).map((s) => [s.body.userId as string, s.body]));
          const results = [...latest].map(([userId, s]) => ({
            id: `${item.id}/results/${encodeURIComponent(userId)}`,
            scoreOf: item.id,
            userId,
            resultScore: s.scoreGiven,
            resultMaximum: s.scoreMaximum,
            ...(s.comment !== undefined ? { comment: s.comment } : {}),
          }));
          return send(200, results, MEDIA.results);
        }
        return send(m === 'GET' || m === 'POST' ? 404 : 405, { error: 'not supported by the stand-in' });
      }

      // ---- NRPS: /nrps/<ctx>/members[?page=N&role=…&limit=…]
      if (m === 'GET' && path[0] === 'nrps' && path[2] === 'members' && path.length === 3) {
        if (injected('nrps') || deny(SCOPES.nrps)) return;
        const accept = req.headers.accept ?? '';
        if (![MEDIA.members, '*/*', 'application/*'].some((t) => accept.includes(t)))
          return send(406, { error: `Accept must allow ${MEDIA.members}` });
        const ctx = path[1]!;
        const role = u.searchParams.get('role');
        const all = (p.members.get(ctx) ?? []).filter((x) => !role || x.roles.some((r) => r === role || r.endsWith(`#${role}`)));
        const size = Math.max(1, Number(u.searchParams.get('limit')) || p.nrpsPageSize);
        const n = Math.max(1, Number(u.searchParams.get('page')) || 1);
        const headers: Record<string, string> = {};
        if (n * size < all.length) {
          const next = new URL(u.pathname + u.search, url);
          next.searchParams.set('page', String(n + 1));
          headers.Link = `<${next.href}>; rel="next"`;
        }
        return send(
          200,
          { id: `${url}${u.pathname}`, context: ctxInfo(ctx), members: all.slice((n - 1) * size, n * size) },
          MEDIA.members,
          headers,
        );
      }

      // ---- deep-linking return: the tool form-posts its LtiDeepLinkingResponse as JWT
      if (m === 'POST' && u.pathname === '/deep-link-return') {
        const jwt = new URLSearchParams(await readBody(req)).get('JWT');
        if (!jwt) return text(400, 'JWT form field is required');
        let payload: Record<string, unknown>;
        try {
          ({ payload } = await jwtVerify(jwt, await toolKeys(), {
            issuer: p.clientId,
            audience: p.issuer,
            algorithms: ['RS256'],
            requiredClaims: ['exp', 'iat', 'nonce'],
          }));
        } catch (err) {
          return text(400, `invalid deep-linking response: ${(err as Error).message}`);
        }
        const expect: Record<string, unknown> = {
          [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
          [`${LTI}version`]: '1.3.0',
          [`${LTI}deployment_id`]: p.deploymentId,
          'https://purl.imsglobal.org/spec/lti-dl/claim/data': DL_DATA,
        };
        for (const [k, v] of Object.entries(expect))
          if (payload[k] !== v) return text(400, `invalid deep-linking response: ${k} must be ${String(v)}`);
        const items = (payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] ?? []) as Record<string, unknown>[];
        if (!Array.isArray(items) || items.some((i) => i?.type !== 'ltiResourceLink'))
          return text(400, 'invalid deep-linking response: only ltiResourceLink items are accepted');
        p.deepLinkResponses.push(payload);
        const titles = items.map((i) => [i.title, i.url].find((t) => typeof t === 'string') ?? '(untitled)').join(', ');
        return html(200, page('Items added', `<p>Items added: ${esc(titles || '(none)')}</p>`));
      }

      // ---- the LMS course page that frames the tool (starts the third-party-initiated login)
      if (m === 'GET' && path[0] === 'course' && path.length === 2) {
        const ctx = path[1]!;
        const hint = u.searchParams.get('login_hint');
        if (!hint) return text(400, 'login_hint is required');
        if (!p.tool.loginUrl) return text(500, 'tool.loginUrl is not set');
        const src = new URL(p.tool.loginUrl);
        const params = {
          iss: p.issuer,
          login_hint: hint,
          target_link_uri: logins.get(hint)?.targetLinkUri ?? p.tool.launchUrl,
          lti_message_hint: randomBytes(12).toString('base64url'),
          lti_deployment_id: p.deploymentId,
          client_id: p.clientId,
        };
        for (const [k, v] of Object.entries(params)) src.searchParams.set(k, v);
        const { title } = ctxInfo(ctx);
        return html(
          200,
          page(
            title,
            `<h1>${esc(title)}</h1><iframe title="Lumen tool" src="${esc(src.href)}" width="100%" height="700" allow="fullscreen"></iframe>`,
          ),
        );
      }

      send(404, { error: 'not found' });
    } catch (err) {
      if (!res.headersSent) text(err instanceof SyntaxError ? 400 : 500, String(err));
    }
  }

  return p;
}
