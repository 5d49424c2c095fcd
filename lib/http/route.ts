// The one route wrapper. In order: client IP → rate limit (with headers; see below) → authentication (bearer,
// ?token=, internal key, session cookie) → JIT user and plan → tenant → role / feature check → zod parse of
// params, query and body → handler → success envelope. Every thrown error goes through the one error map.
// The rate limit counts each request once (lib/http/rate-limit.ts): a bucket the request itself names (an
// anonymous route, an internal caller per IP, a content token on a player route) before authentication; an
// authenticated user (bearer or session cookie) per user, or an anonymous caller per IP, right after it. A request
// whose credentials fail is counted per IP as well, so a flood of bad credentials is refused like any anonymous
// flood. A route marked `unlimited` (the health probe) is never refused.
import { randomUUID } from 'node:crypto';
import { LiteHeaders } from './lite-headers';
import type { NextRequest } from 'next/server';
import { z, type ZodType } from 'zod';
import { authenticate, authenticateNow, isInternalKey, type Authenticated } from '@/lib/auth/authenticate';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { USER_NOT_FOUND } from '@/lib/auth/users';
import type { Principal } from '@/lib/auth/types';
import type { User } from '@/lib/generated/prisma/client';
import { bus } from '@/lib/cache/local';
import { config } from '@/lib/config';
// the H5P actor module only (not the feature's entry, which loads the engine into every route)
import { actorOf, type H5pActor } from '@/lib/h5p/engine/actor';
import { log } from '@/lib/log';
import { featureMessage, planHasFeature, requiredPlanFor, type FeatureFlag } from '@/lib/plans/plans';
import { HOST_HEADER, REQUEST_ID_HEADER, normalizeHost } from '@/lib/tenant/host';
import { resolveTenant, resolveTenantBySlug, resolveTenantNow, type ResolvedTenant } from '@/lib/tenant/resolve';
import { JSON_BODY_LIMIT, readBodyText } from '@/lib/net/body';
import { clientIp } from './client-ip';
import { assertCleanQuery, assertNoControlChars, jsonTextMayHoldControlChars } from '@/lib/net/control-chars';
import { AppError, ERROR_CODE_HEADER, FORBIDDEN, errorCodeOf, validationMessage, type ApiError } from '@/lib/errors';
import { passesFastCheck } from '@/lib/shared/fast-check';
import { mapError } from './errors';
import { bucketAfterAuth, bucketBeforeAuth, ipBucket, probeStore, RATE_LIMIT_MESSAGES, rateLimit, rateLimitNow, type Bucket, type RateLimitResult, type Tier } from './rate-limit';
import { recordRoute } from './route-registry';

export { JSON_BODY_LIMIT } from '@/lib/net/body';

export type AuthLevel = 'none' | 'optional' | 'user' | 'teacher' | 'admin';

type Schema = ZodType | undefined;
type Out<S extends Schema> = S extends ZodType ? z.output<S> : undefined;

export interface RouteOptions<P extends Schema, Q extends Schema, B extends Schema> {
  /** completes the 500 text `Failed to <action>` */
  action: string;
  /** the spec tier for API clients and anonymous callers; default: PUBLIC for auth none/optional, API otherwise */
  tier?: Tier;
  /** default: user; `feature` implies at least user */
  auth?: AuthLevel;
  feature?: FeatureFlag;
  params?: P;
  query?: Q;
  body?: B;
  /** the handler reads the raw request body itself (multipart uploads, signed webhooks) */
  rawBody?: boolean;
  /**
   * the route also accepts embed tokens (lib/auth/embed-token.ts); a `contentId` path parameter must then be the
   * token's content, and handlers that take the content id from elsewhere call `assertEmbedScope`
   */
  embed?: boolean;
  /** never rate limited (GET /api/health, a load balancer's probe): the store round trip is made, nothing is refused */
  unlimited?: boolean;
  /**
   * the answer is the same on every host (GET /api/health): no tenant lookup, `ctx.tenant` is null — the start-up's
   * own health check then answers before the first database query through Prisma
   */
  tenantless?: boolean;
  /** a complete HTML page answered (with 429 and Retry-After) instead of the JSON error when the caller is rate limited */
  limitedPage?: string;
  /** the feature gate answers a plain-text `403 Forbidden` (the tenant endpoints) instead of the JSON refusal */
  plainForbidden?: boolean;
  /** the text of every 401 of authentication (missing or refused credentials): the LTI endpoints answer `Unauthorized` */
  unauthorizedText?: string;
  // ---- the route's contract, read only by the API document (lib/http/openapi.ts); nothing below changes what runs
  /** one line for the API document */
  summary?: string;
  /** longer notes for the API document (CommonMark) */
  description?: string;
  /** the API document's tags of this operation */
  tags?: string[];
  /** the success status the handler answers with (documentation only; default 200) */
  status?: number;
  /**
   * What the route answers on success: the zod schema of the success envelope's `data` (what the handler really
   * returns; the browser infers its types from it; NO_DATA when the envelope has none), or, for an answer that is
   * not the envelope (a file, a page, a redirect, plain JSON), its description. With CHECK_RESPONSES (the tests)
   * every success envelope is parsed with the schema, and a mismatch answers 500. Required: a route without it
   * does not typecheck (the structure check of the route contracts).
   */
  response: ZodType | PlainAnswer;
  /** the success envelope carries a `message` */
  message?: boolean;
  /** extra top-level members of the success envelope (Reply.extra, e.g. total); parsed like `response` with CHECK_RESPONSES */
  extra?: Record<string, ZodType>;
  /** a request body that is not JSON (multipart uploads, forms), for the API document */
  requestBody?: Record<string, unknown>;
  /** the service's own errors this route may answer, from the error catalogue (the standard ones come from the options above) */
  errors?: readonly ApiError[];
}

/** A success answer that is not the JSON envelope. */
export type PlainAnswer =
  /** plain JSON, not enveloped (health, the H5P client's own routes, the API document) */
  | { kind: 'json'; description: string; schema?: ZodType }
  /** a file, a page or a redirect */
  | { kind: 'file' | 'html' | 'redirect'; description: string; contentType?: string };

/** The response schema of a success envelope without data (a message only, or nothing). */
export const NO_DATA = z.undefined();

export const isPlainAnswer = (r: RouteOptions<any, any, any>['response']): r is PlainAnswer => !!r && typeof r === 'object' && 'kind' in r && !('safeParse' in r);

/** The part of a request every route reads (url, method, headers); a request of the fast lane has no more. */
export interface RequestHead {
  readonly url: string;
  readonly method: string;
  readonly headers: { get(name: string): string | null };
}

/** A request of the fast lane (lib/http/fast-lane.ts): a request's head, marked, and for a POST its body. */
export interface FastLaneRequest extends RequestHead {
  readonly [FAST_LANE]: true;
  /** the body as UTF-8 text, at most the JSON body limit (413 past it); absent on a GET */
  text?(): Promise<string>;
}

/** The fast lane's request, or null for Next.js's (whose body is a Web stream). */
export const fastLaneRequest = (req: RequestHead): FastLaneRequest | null => ((req as Partial<FastLaneRequest>)[FAST_LANE] ? (req as FastLaneRequest) : null);

/** A handler the fast lane may call (made by fastRoute): it reads the request's head, and a body its route parses. */
export type FastHandler = ((req: RequestHead, ctx: { params: Promise<Record<string, string>>; ready?: Record<string, string> }) => Promise<Response>) & {
  /**
   * The wrapper without a promise (route: handleNow), on a route with a synchronous handler part: the answer, its
   * promise once counted, or undefined (nothing counted or run) — then the handler above answers.
   */
  now?: (req: RequestHead, params: Record<string, string>) => Response | Promise<Response> | undefined;
};

export interface RouteContext<P, Q, B, R extends RequestHead = NextRequest> {
  req: R;
  url: URL;
  ip: string;
  requestId: string;
  params: P;
  query: Q;
  body: B;
  principal: Principal | null;
  /** the caller's local record (null when anonymous or an internal call) */
  user: User | null;
  /** the identity provider's access token of a signed-in caller (bearer or session), for calls on their behalf */
  providerToken: () => string | undefined;
  tenant: ResolvedTenant | null;
  log: typeof log;
  /** how the shared store answered this request's rate-limit round trip */
  limiter: RateLimitResult['store'] | undefined;
  /**
   * The caller as the H5P engine and the content services see it (permissions, the read rule's reader, the
   * `?token=` the H5P client's addresses carry), built once from principal, user and URL. 401 Authentication
   * required for an anonymous caller.
   */
  readonly caller: H5pActor;
}

/** What a handler returns: a ready Response (files, redirects) or the parts of a success envelope. */
export interface Reply {
  status?: number;
  data?: unknown;
  message?: string;
  /** extra top-level members of the envelope (e.g. total) */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** `data` already serialised (JSON text, or its pieces in order), written into the envelope as is (see replyJson) */
  dataJson?: JsonText;
}

/**
 * JSON text as one string or as its pieces in order: a large answer's fixed parts kept encoded (Buffers) and the
 * request's own parts as strings, written one after the other (the fast lane) without joining or re-encoding them.
 */
export type JsonText = string | (string | Buffer)[];

/** The pieces' text as one string (Next.js's path, response checks). */
export const joinJsonText = (t: JsonText): string => (typeof t === 'string' ? t : t.map((c) => (typeof c === 'string' ? c : c.toString('utf8'))).join(''));

export const reply = (data: unknown, opts: Omit<Reply, 'data'> = {}): Reply => ({ data, ...opts });

/** A success envelope around data the handler serialised itself (a large answer kept as ready-made JSON text). */
export const replyJson = (dataJson: JsonText, opts: Omit<Reply, 'data' | 'dataJson' | 'message' | 'extra'> = {}): Reply => ({ dataJson, ...opts });

/** Refuses an embed token used for another content item than its own (no-op for other callers). */
export function assertEmbedScope(ctx: { principal: Principal | null }, contentId: string | null | undefined): void {
  if (ctx.principal?.kind === 'embed' && contentId !== ctx.principal.embedContentId) throw new AppError(401, 'Invalid or expired token');
}

/** The caller's local record, or 401 User not found. */
export function requireUser(ctx: { user: User | null }): User {
  if (!ctx.user) throw new AppError(401, USER_NOT_FOUND);
  return ctx.user;
}

/** Next.js's route context; the fast lane also gives its parameters as they are (`ready`). */
type RouteParams = { params: Promise<Record<string, string | string[]>>; ready?: Record<string, string> };

async function readJson(req: RequestHead): Promise<unknown> {
  // stops at the limit even when Content-Length is absent or lies (the fast lane's reader too)
  const fast = fastLaneRequest(req);
  const text = fast ? ((await fast.text?.()) ?? '') : await readBodyText(req as NextRequest, JSON_BODY_LIMIT);
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, 'Validation error: body is not valid JSON');
  }
  // control characters other than tab, newline and carriage return never reach the database (the parsed value is
  // walked only when the text may hold one)
  if (jsonTextMayHoldControlChars(text, { allowWhitespace: true })) assertNoControlChars(parsed, { allowWhitespace: true });
  return parsed;
}

function parse<S extends Schema>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  // a value the schema's own precompiled check passes is its output as it is (lib/shared/fast-check.ts)
  if (passesFastCheck(schema, value)) return value as Out<S>;
  const r = schema.safeParse(value);
  if (!r.success) throw new AppError(400, validationMessage(r.error));
  return r.data as Out<S>;
}

/** With CHECK_RESPONSES (the tests): the data a handler answers must parse with the route's response schema. */
function assertResponse(schema: ZodType, data: unknown, action: string): void {
  const r = schema.safeParse(data);
  if (r.success) return;
  log.error({ issues: r.error.issues.slice(0, 5) }, `response of "${action}" does not match its schema`);
  throw new Error(`response of "${action}" does not match its schema: ${validationMessage(r.error)}`);
}

function envelope(r: Reply): Record<string, unknown> {
  const body: Record<string, unknown> = { success: true };
  if (r.data !== undefined) body.data = r.data;
  if (r.message !== undefined) body.message = r.message;
  return { ...body, ...r.extra };
}

/** Where a JSON answer keeps its serialised body, so the front server's fast lane writes it without reading a stream. */
export const RAW_BODY = Symbol.for('lumen.rawBody');

const ENVELOPE_HEAD = Buffer.from('{"success":true,"data":');

/** Marks a request the front server's fast lane hands to a route (lib/http/fast-lane.ts). */
export const FAST_LANE = Symbol.for('lumen.fastLane');

/**
 * What a route answers to a request of the fast lane, which reads only the status, the headers and the serialised
 * body: no Web stream is made (a Response's body stream was a tenth of the CPU of a health check). A plain class,
 * so its objects stay in V8's fast shape; the route wrapper and the fast lane know it.
 */
export class LiteResponse {
  readonly [RAW_BODY]: JsonText;
  constructor(
    readonly status: number,
    readonly headers: LiteHeaders,
    body: JsonText,
  ) {
    this[RAW_BODY] = body;
  }
}

/**
 * Response.json, keeping the serialised body on the response (RAW_BODY); for a request of the fast lane a
 * LiteResponse (typed as a Response: only the route wrapper and the fast lane ever hold it).
 */
export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> }, req?: RequestHead): Response {
  return jsonTextResponse(JSON.stringify(body), init, req);
}

/** jsonResponse for a body already serialised. */
function jsonTextResponse(body: JsonText, init: { status?: number; headers?: Record<string, string> }, req?: RequestHead): Response {
  const headers = { 'content-type': 'application/json', ...init.headers };
  if (req && fastLaneRequest(req)) {
    return new LiteResponse(init.status ?? 200, LiteHeaders.from(headers), body) as unknown as Response;
  }
  const text = joinJsonText(body);
  const res = new Response(text, { status: init.status ?? 200, headers });
  (res as Response & { [RAW_BODY]?: string })[RAW_BODY] = text;
  return res;
}

/** `403 Forbidden` with a plain-text body (spec: the tenant endpoints). */
export function plainForbidden(headers: Record<string, string> = {}): Response {
  return new Response(FORBIDDEN, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}

/**
 * The wrapper's headers of an answer: the rate limit's, the handler's, the request id — later ones win. Copied in
 * loops: a spread followed by more members (`{ ...a, k: v }`) costs 0.4–1.4 µs in Node 20's V8, a tenth of a
 * player's whole call (docs/performance.md).
 */
function answerHeaders(limitHeaders: Record<string, string>, own: Record<string, string> | undefined, requestId: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in limitHeaders) out[k] = limitHeaders[k]!;
  if (own) for (const k in own) out[k] = own[k]!;
  out[REQUEST_ID_HEADER] = requestId;
  return out;
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

/**
 * A handler's context (RouteContext). A class, not an object literal: a literal with getters is made anew, in slow
 * form, on every request (0.5 µs in Node 20's V8); its logger and its H5P actor are made when first read.
 */
class Context<P, Q, B> implements RouteContext<P, Q, B> {
  readonly url: URL;
  readonly ip: string;
  readonly requestId: string;
  readonly principal: Principal | null;
  readonly user: User | null;
  readonly limiter: RateLimitResult['store'] | undefined;
  #actor: H5pActor | undefined;
  constructor(
    readonly req: NextRequest,
    private readonly run: Run,
    readonly params: P,
    readonly query: Q,
    readonly body: B,
    private readonly auth: Authenticated | null,
    readonly tenant: ResolvedTenant | null,
  ) {
    this.url = run.url;
    this.ip = run.ip;
    this.requestId = run.requestId;
    this.principal = auth?.principal ?? null;
    this.user = auth?.user ?? null;
    this.limiter = run.limiter;
  }
  /** the identity provider's access token of a signed-in caller (a function of its own: callers pass it on) */
  readonly providerToken = (): string | undefined => this.auth?.providerToken?.();
  get log(): typeof log {
    return runLog(this.run);
  }
  get caller(): H5pActor {
    if (!this.principal) throw new AppError(401, 'Authentication required');
    return (this.#actor ??= actorOf(this.principal, this.url.searchParams.get('token') || undefined, this.user));
  }
}

/** What the wrapper knows of one request as it goes (its asynchronous path and its synchronous one share it). */
interface Run {
  readonly requestId: string;
  readonly url: URL;
  readonly ip: string;
  /** the request's logger's bindings; the logger is made when something is logged (a child logger per request costs as much as the check) */
  readonly bindings: Record<string, unknown>;
  child: typeof log | undefined;
  limitHeaders: Record<string, string>;
  limiter: RateLimitResult['store'] | undefined;
  /** until the caller is authenticated, a 401 is one of authentication */
  authenticating: boolean;
}

function beginRun(req: RequestHead): Run {
  const requestId = req.headers.get(REQUEST_ID_HEADER) ?? randomUUID();
  const url = new URL(req.url);
  return {
    requestId,
    url,
    ip: clientIp(req.headers as Headers),
    bindings: { requestId, method: req.method, path: url.pathname },
    child: undefined,
    limitHeaders: {},
    limiter: undefined,
    authenticating: true,
  };
}

const runLog = (run: Run): typeof log => (run.child ??= log.child(run.bindings));

/** The synchronous part of a fast route's handler (see fastRoute): its answer, or undefined when it must wait for something. */
export type NowHandler<P, Q, B> = (ctx: RouteContext<P, Q, B, RequestHead>) => Reply | Response | undefined;

export function route<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  opts: RouteOptions<P, Q, B>,
  handler: (ctx: RouteContext<Out<P>, Out<Q>, Out<B>>) => Promise<Reply | Response>,
  now?: NowHandler<Out<P>, Out<Q>, Out<B>>,
) {
  const level: AuthLevel = opts.auth ?? 'user';
  const tier: Tier = opts.tier ?? (level === 'none' || level === 'optional' ? 'PUBLIC' : 'API');

  /** takes the bucket's count: its headers; 429 when it is over the tier's limit */
  const counted = (run: Run, bucket: Bucket, limit: RateLimitResult) => {
    run.limitHeaders = limit.headers;
    run.limiter = limit.store;
    if (limit.limited) throw new AppError(429, RATE_LIMIT_MESSAGES[bucket.tier]);
  };

  /** the handler's context */
  const contextOf = (req: RequestHead, run: Run, params: Out<P>, query: Out<Q>, body: Out<B>, auth: Authenticated | null, tenant: ResolvedTenant | null) =>
    new Context<Out<P>, Out<Q>, Out<B>>(req as NextRequest, run, params, query, body, auth, tenant);

  /** the handler's result as the answer: a ready response with the wrapper's headers, or the success envelope */
  const answer = (req: RequestHead, run: Run, result: Reply | Response): Response => {
    const { limitHeaders, requestId } = run;
    if (result instanceof Response || result instanceof LiteResponse) return withHeaders(result as Response, answerHeaders(limitHeaders, undefined, requestId));
    if (opts.response && config().checkResponses && !isPlainAnswer(opts.response)) {
      assertResponse(opts.response, result.dataJson !== undefined ? JSON.parse(joinJsonText(result.dataJson)) : result.data, opts.action);
    }
    if (opts.extra && config().checkResponses) for (const [k, schema] of Object.entries(opts.extra)) assertResponse(schema, result.extra?.[k], opts.action);
    const init = { status: result.status ?? 200, headers: answerHeaders(limitHeaders, result.headers, requestId) };
    if (result.dataJson !== undefined) {
      const d = result.dataJson;
      return jsonTextResponse(typeof d === 'string' ? `{"success":true,"data":${d}}` : [ENVELOPE_HEAD, ...d, '}'], init, req);
    }
    return jsonResponse(envelope(result), init, req);
  };

  /** every error thrown on the way, through the one error map */
  const failure = (req: RequestHead, run: Run, err: unknown): Response => {
    const { limitHeaders, requestId } = run;
    const mapped = mapError(err, opts.action);
    if (run.authenticating && opts.unauthorizedText && mapped.status === 401) {
      mapped.body = { success: false, error: opts.unauthorizedText };
      mapped.code = errorCodeOf(opts.unauthorizedText);
    }
    if (mapped.unexpected) runLog(run).error({ err }, `failed to ${opts.action}`);
    else if (log.isLevelEnabled('info')) runLog(run).info({ status: mapped.status, error: mapped.body.error }, 'request refused');
    const headers: Record<string, string> = { ...limitHeaders, [REQUEST_ID_HEADER]: requestId, [ERROR_CODE_HEADER]: mapped.code };
    if (mapped.status === 429 && limitHeaders['Retry-After']) {
      // the sandboxed player (origin "null") reads when to retry
      headers['Access-Control-Expose-Headers'] = 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';
      if (opts.limitedPage) {
        return new Response(opts.limitedPage, { status: 429, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
      }
    }
    return jsonResponse(mapped.body, { status: mapped.status, headers }, req);
  };

  const handle = async function handle(req: NextRequest, routeParams?: RouteParams): Promise<Response> {
    const run = beginRun(req);
    const { url, ip } = run;
    /** counts the request in the bucket; 429 when it is over the tier's limit */
    const count = async (bucket: Bucket) => {
      const limit = await rateLimit(bucket.tier, bucket.subject);
      counted(run, bucket, limit);
      // changes other instances made up to now are applied to the local caches before anything reads them
      if (bus().behind(limit.generation)) await bus().sync(limit.generation);
    };
    /**
     * counts the request without a promise when this instance counts the bucket itself (rateLimitNow: the
     * player's calls); false when the store must count it (then `count`)
     */
    const countNow = (bucket: Bucket): boolean => {
      const limit = rateLimitNow(bucket.tier, bucket.subject);
      if (!limit) return false;
      counted(run, bucket, limit);
      return true;
    };
    try {
      if (opts.unlimited) {
        const probe = await probeStore();
        run.limiter = probe.store;
        if (bus().behind(probe.generation)) await bus().sync(probe.generation);
      }
      const before = opts.unlimited ? null : bucketBeforeAuth({
        headers: req.headers, url, ip, tier, anonymousRoute: level === 'none', embedRoute: !!opts.embed, bearerOnly: level === 'admin',
      });
      if (before && !countNow(before)) await count(before);

      let auth: Authenticated | null = null;
      const appliedBeforeAuth = bus().applied;
      if (level !== 'none') {
        if (level === 'admin' && !req.headers.get('authorization') && !req.headers.get('x-api-key')) {
          throw new AppError(401, 'Bearer token required');
        }
        try {
          // a content token verified a moment ago, of a user in memory, without a promise (the player's calls)
          auth = authenticateNow(req.headers, url) ?? (await authenticate(req.headers, url, req.method));
        } catch (err) {
          // failed credentials count per IP in the route's tier (once: a bearer caller was counted there already)
          const countedPerIp = before?.tier === tier && before.subject === ip;
          if (!countedPerIp) await count(ipBucket(tier, ip));
          throw err;
        }
      }
      if (!before && !opts.unlimited) await count(bucketAfterAuth(auth?.principal ?? null, auth?.user?.id, tier, ip));
      // a session cookie is counted after authentication: when the count brought news of changes (another
      // instance ended the session, changed the user), authenticate again from the refreshed caches
      if (!before && auth && bus().applied !== appliedBeforeAuth) auth = await authenticate(req.headers, url, req.method);
      if (level !== 'none' && !auth && level !== 'optional') throw new AppError(401, 'Authentication required');
      const principal = auth?.principal ?? null;
      const user = auth?.user ?? null;
      run.authenticating = false;
      run.bindings.userId = user?.id;

      // an internal call names its tenant (x-tenant-code); everyone else gets the tenant of the hostname
      const tenantCode = isInternalKey(req.headers.get('x-api-key')) ? req.headers.get('x-tenant-code')?.trim() : undefined;
      let tenant: ResolvedTenant | null = null;
      if (!opts.tenantless) {
        const host = tenantCode ? '' : (req.headers.get(HOST_HEADER) ?? normalizeHost(req.headers.get('host')));
        const known = tenantCode ? undefined : resolveTenantNow(host);
        tenant = known !== undefined ? known : tenantCode ? await resolveTenantBySlug(tenantCode) : await resolveTenant(host);
      }
      if (tenant) run.bindings.tenantId = tenant.id;

      // an embed token is only a token on the routes that accept it
      if (principal?.kind === 'embed' && !opts.embed) throw new AppError(401, 'Invalid or expired token');
      if (principal) {
        if (level === 'admin' && principal.role !== 'admin') throw new AppError(403, 'Admin access required');
        if (level === 'teacher' && !isTeacherOrAbove(principal.role)) throw new AppError(403, 'Teacher access required');
        if (opts.feature && principal.kind === 'user') {
          // the plan comes from the local record, never from the token
          if (!user) throw new AppError(401, USER_NOT_FOUND);
          if (!planHasFeature(user.plan, opts.feature)) {
            if (opts.plainForbidden) return plainForbidden(run.limitHeaders);
            throw new AppError(403, 'feature_not_available', {
              requiredPlan: requiredPlanFor(opts.feature),
              message: featureMessage(opts.feature),
            });
          }
        }
      }

      // the fast lane hands its parameters over as they are (`ready`): no promise to wait for
      const rawParams = routeParams ? (routeParams.ready ?? (await routeParams.params)) : {};
      // no control character in a path parameter or a query value reaches the database (server/server.mjs
      // refuses encoded ones in the URL before Next.js; this covers every route() caller)
      assertNoControlChars(rawParams, { root: 'path' });
      assertCleanQuery(url.searchParams);
      const params = parse(opts.params as P, rawParams);
      const scoped = (params as { contentId?: unknown } | undefined)?.contentId;
      if (principal?.kind === 'embed' && typeof scoped === 'string') assertEmbedScope({ principal }, scoped);
      const query = parse(opts.query as Q, Object.fromEntries(url.searchParams));
      const body =
        opts.body && !opts.rawBody && req.method !== 'GET' && req.method !== 'HEAD' ? parse(opts.body, await readJson(req)) : (undefined as Out<B>);

      return answer(req, run, await handler(contextOf(req, run, params, query, body, auth, tenant)));
    } catch (err) {
      return failure(req, run, err);
    }
  };

  /**
   * The same wrapper without a promise, for the fast lane's busiest calls (a player's content token this instance
   * has verified and counts itself, on a route with a synchronous handler part `now`): each step decided from memory,
   * in the same order of checks and with the same answers. undefined — before anything is counted or run — when a
   * step needs the store or the database, or would refuse the request: the asynchronous path then does it all, once.
   * When the handler's synchronous part cannot answer, its asynchronous handler continues (counted once).
   */
  const handleNow =
    now &&
    function handleNow(req: RequestHead, rawParams: Record<string, string>): Response | Promise<Response> | undefined {
      // only a content token on a player's route (counted before authentication, no body, no plan feature)
      if (opts.unlimited || level === 'none' || level === 'admin' || !opts.embed || opts.feature || opts.body) return undefined;
      const run = beginRun(req);
      // the fast lane's headers (LiteHeaders) read as Headers, as the asynchronous path reads them
      const headers = req.headers as Headers;
      const before = bucketBeforeAuth({ headers, url: run.url, ip: run.ip, tier, anonymousRoute: false, embedRoute: true, bearerOnly: false });
      if (!before) return undefined;
      // the token verified a moment ago, of a user in memory (never an internal key: authenticateNow leaves those)
      const auth = authenticateNow(headers, run.url);
      if (!auth) return undefined;
      const principal = auth.principal;
      if (level === 'teacher' && !isTeacherOrAbove(principal.role)) return undefined;
      let tenant: ResolvedTenant | null = null;
      if (!opts.tenantless) {
        const known = resolveTenantNow(headers.get(HOST_HEADER) ?? normalizeHost(headers.get('host')));
        if (known === undefined) return undefined;
        tenant = known;
      }
      let params: Out<P>;
      let query: Out<Q>;
      try {
        assertNoControlChars(rawParams, { root: 'path' });
        assertCleanQuery(run.url.searchParams);
        params = parse(opts.params as P, rawParams);
        const scoped = (params as { contentId?: unknown } | undefined)?.contentId;
        if (principal.kind === 'embed' && typeof scoped === 'string') assertEmbedScope({ principal }, scoped);
        query = parse(opts.query as Q, Object.fromEntries(run.url.searchParams));
      } catch {
        return undefined; // the asynchronous path answers the refusal
      }
      const limit = rateLimitNow(before.tier, before.subject);
      if (!limit) return undefined;
      // counted: from here on the request is answered from this path
      try {
        counted(run, before, limit);
        run.authenticating = false;
        run.bindings.userId = auth.user?.id;
        if (tenant) run.bindings.tenantId = tenant.id;
        const ctx = contextOf(req, run, params, query, undefined as Out<B>, auth, tenant);
        const result = now(ctx);
        if (result === undefined) return handler(ctx).then((r) => answer(req, run, r), (err: unknown) => failure(req, run, err));
        return answer(req, run, result);
      } catch (err) {
        return failure(req, run, err);
      }
    };
  if (handleNow) (handle as unknown as FastHandler).now = handleNow;
  // the API document (lib/http/openapi.ts) reads the route's options from here
  recordRoute(handle, { ...opts, auth: level, tier });
  return handle;
}

/**
 * A route the front server's fast lane may also call (GET /api/health, /h5p/play/:id, /h5p/embed/:id, POST
 * /h5p/xapi/:id): the same wrapper, but its handler sees only the request's head (url, method, headers) and the
 * body its `body` schema parsed — what a fast-lane request is (its body read as text by the fast lane's reader,
 * with the same limit). No raw body: a route that reads its body itself is not for the fast lane.
 *
 * `now`, the handler's synchronous part (a route without a body whose answer is often ready in memory): what it
 * answers goes out without a single promise when the wrapper's own steps are ready too (FastHandler.now); it answers
 * undefined when it must wait, and the handler runs.
 */
export function fastRoute<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  opts: RouteOptions<P, Q, B> & { rawBody?: never },
  handler: (ctx: RouteContext<Out<P>, Out<Q>, Out<B>, RequestHead>) => Promise<Reply | Response>,
  now?: NowHandler<Out<P>, Out<Q>, Out<B>>,
): FastHandler {
  return route(opts, handler, now) as unknown as FastHandler;
}
