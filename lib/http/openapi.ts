// The OpenAPI 3.1 document of the service, generated. A route's auth level, rate tier, feature gate and zod
// schemas (params, query, body) come from the options it runs on (route() records them: route-registry.ts);
// what only the spec says (summary, tags, success status, the zod schema of the success data, the service's
// errors from the error catalogue) comes from the route's own options too once it declares them; for a route
// not yet converted it comes from its entry in the list of documented routes (openapi-routes.ts). The zod schemas become JSON Schema 2020-12 through zod's own
// z.toJSONSchema, the dialect OpenAPI 3.1 uses.
import { z, type ZodType } from 'zod';
import { featureMessage, requiredPlanFor } from '@/lib/plans/plans';
import { RATE_LIMIT_MESSAGES, type Tier } from './rate-limit';
import { isPlainAnswer, NO_DATA, type AuthLevel } from './route';
import { routeOptionsOf, type RecordedOptions } from './route-registry';
import { PLAN_IDS } from '@/lib/plans/plans';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

type Json = Record<string, unknown>;

/** What the success answer is. */
export type SuccessDoc =
  /** the success envelope: data (described), an optional message, extra top-level members */
  | { kind: 'envelope'; data?: string; message?: boolean; extra?: Record<string, Json> }
  /** plain JSON, not enveloped (health, the H5P client's own routes, this document) */
  | { kind: 'json'; description: string; schema?: Json }
  /** a file or page */
  | { kind: 'file'; description: string; contentType: string };

export interface OperationDoc {
  /** required unless the route's own options carry one */
  summary?: string;
  description?: string;
  /** the handler this operation runs, when it is not the route file's export of the method (catch-alls) */
  handler?: unknown;
  /** a handler not made with route() (next-auth's): its auth level and tier; no standard errors are added */
  handwritten?: { auth: AuthLevel; tier?: Tier };
  /** path parameters when the handler parses them itself (catch-alls) */
  params?: ZodType;
  /** query parameters when the handler reads them itself */
  query?: ZodType;
  /** the JSON body when the route takes any JSON and its service checks the shape */
  body?: ZodType;
  /** a request body that is not JSON (multipart uploads, forms) */
  requestBody?: Json;
  /** success status (default 200) */
  status?: number;
  success?: SuccessDoc;
  /** the service's own error texts by status (the standard ones are added from the route's options) */
  errors?: Partial<Record<number, string[]>>;
}

export interface RouteDoc {
  /** the route file under app/ */
  file: string;
  /** the URL path when it is not the file's (catch-alls serving several paths) */
  path?: string;
  tag: string;
  /** the route module (its exports GET, POST … are route() handlers) */
  module?: Record<string, unknown>;
  operations: Partial<Record<Method, OperationDoc>>;
}

/** What a route file's `contract.ts` documents: hand-written handlers, and the paths one catch-all serves. */
export type ContractDoc = Omit<RouteDoc, 'file' | 'module'>;

/** A route file as the route index lists it (app/api/openapi.json/routes.ts, written by scripts/route-index.mjs). */
export interface RouteModule {
  file: string;
  module: Record<string, unknown>;
  contract?: ContractDoc[];
}

/**
 * The documented operations of the walked route files: each method whose route() options carry a summary
 * documents itself; a `contract.ts` beside the route documents the rest. `legacy` (lib/http/openapi-routes.ts)
 * covers the methods of routes not converted yet.
 */
export function routeDocsOf(modules: RouteModule[], legacy: RouteDoc[] = []): RouteDoc[] {
  const out: RouteDoc[] = [];
  for (const m of modules) {
    for (const c of m.contract ?? []) out.push({ ...c, file: m.file, module: m.module });
    const own: RouteDoc['operations'] = {};
    let tag: string | undefined;
    for (const method of METHODS) {
      const recorded = routeOptionsOf(m.module[method]);
      if (!recorded?.summary) continue;
      own[method] = {};
      tag ??= recorded.tags?.[0];
    }
    const covered = new Set(Object.keys(own));
    if (covered.size) out.push({ file: m.file, module: m.module, tag: tag ?? 'Service', operations: own });
    if (m.contract) continue;
    for (const l of legacy.filter((d) => d.file === m.file)) {
      const rest = Object.fromEntries(Object.entries(l.operations).filter(([method]) => l.path || !covered.has(method)));
      if (Object.keys(rest).length) out.push({ ...l, module: l.module ?? m.module, operations: rest });
    }
  }
  return out;
}

export interface TagDoc {
  name: string;
  description: string;
}

/** `app/api/collections/[id]/items/route.ts` → `/api/collections/{id}/items` (route groups dropped). */
export function pathOfFile(file: string): string {
  const segments = file
    .replace(/^app\//, '')
    .replace(/\/?route\.(ts|tsx|js)$/, '')
    .split('/')
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) => s.replace(/^\[(?:\.\.\.)?(.+)\]$/, '{$1}'));
  return `/${segments.join('/')}`;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * zod → JSON Schema 2020-12, without `$schema`: as a request sees it (defaults make a member optional), or with
 * io 'output' as a response is (the handler's value after parsing).
 */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output' = 'input'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  // z.number().int() adds the safe-integer bounds: noise in a reference
  return JSON.parse(JSON.stringify(out), (k, v) => (k === 'maximum' && v === MAX_SAFE ? undefined : k === 'minimum' && v === -MAX_SAFE ? undefined : v)) as Json;
}

const objectParts = (schema: ZodType | undefined) => {
  if (!schema) return { properties: {} as Record<string, Json>, required: [] as string[] };
  const js = jsonSchemaOf(schema);
  return { properties: (js.properties ?? {}) as Record<string, Json>, required: (js.required ?? []) as string[] };
};

const AUTH_TEXT: Record<AuthLevel, string> = {
  none: 'Public: no credentials.',
  optional: 'Credentials optional: the answer depends on who calls.',
  user: 'Any signed-in caller.',
  teacher: 'A signed-in teacher or admin.',
  admin: 'An admin, with a bearer token or the internal key (the session cookie is not enough).',
};

function security(level: AuthLevel, embed: boolean): Json[] {
  const caller = [{ bearerAuth: [] }, { sessionCookie: [] }, { internalKey: [] }, ...(embed ? [{ contentToken: [] }] : [])];
  switch (level) {
    case 'none':
      return [];
    case 'optional':
      return [{}, ...caller];
    case 'admin':
      return [{ bearerAuth: [] }, { internalKey: [] }];
    default:
      return caller;
  }
}

const errorContent = (texts: string[], schema = '#/components/schemas/Error', extra: Json = {}) => ({
  'application/json': {
    schema: { $ref: schema },
    examples: Object.fromEntries(texts.map((t) => [t, { value: { success: false, error: t, ...extra } }])),
  },
});

function successResponse(doc: OperationDoc, recorded: RecordedOptions | undefined): Json {
  const response = recorded?.response;
  // an answer that is not the envelope (a file, a page, a redirect, plain JSON)
  if (response && isPlainAnswer(response)) {
    if (response.kind === 'json') return { description: response.description, content: { 'application/json': { schema: response.schema ? jsonSchemaOf(response.schema, 'output') : { type: 'object' } } } };
    if (response.kind === 'redirect') return { description: response.description };
    const type = response.contentType ?? (response.kind === 'html' ? 'text/html' : 'application/octet-stream');
    return { description: response.description, content: { [type]: { schema: { type: 'string', ...(response.kind === 'file' ? { format: 'binary' } : {}) } } } };
  }
  // a route's own response schema: the success envelope with that data (none for NO_DATA) and its message
  if (response) {
    const properties: Record<string, Json> = { success: { const: true } };
    const required = ['success'];
    if (response !== NO_DATA) {
      properties.data = jsonSchemaOf(response, 'output');
      required.push('data');
    }
    if (recorded?.message) {
      properties.message = { type: 'string' };
      required.push('message');
    }
    for (const [k, schema] of Object.entries(recorded?.extra ?? {})) {
      properties[k] = jsonSchemaOf(schema, 'output');
      if (!schema.safeParse(undefined).success) required.push(k);
    }
    return {
      description: response === NO_DATA ? (recorded?.message ? 'Success envelope with a message' : 'Success envelope') : 'Success envelope',
      content: { 'application/json': { schema: { type: 'object', required, properties } } },
    };
  }
  const s = doc.success ?? { kind: 'envelope' };
  if (s.kind === 'file') return { description: s.description, content: { [s.contentType]: { schema: { type: 'string', format: 'binary' } } } };
  if (s.kind === 'json') return { description: s.description, content: { 'application/json': { schema: s.schema ?? { type: 'object' } } } };
  const properties: Record<string, Json> = { success: { const: true } };
  if (s.data) properties.data = { description: s.data };
  if (s.message) properties.message = { type: 'string' };
  Object.assign(properties, s.extra);
  return {
    description: s.data ? `Success envelope; data: ${s.data}` : s.message ? 'Success envelope with a message' : 'Success envelope',
    content: { 'application/json': { schema: { type: 'object', required: ['success'], properties } } },
  };
}

function operation(route: RouteDoc, method: Method, doc: OperationDoc): Json {
  const handler = doc.handler ?? route.module?.[method];
  const recorded: RecordedOptions | undefined = routeOptionsOf(handler);
  if (!recorded && !doc.handwritten) throw new Error(`${route.file} ${method}: not made with route(); document it as handwritten`);
  const level: AuthLevel = recorded?.auth ?? doc.handwritten!.auth;
  // an unlimited route (the health probe) is never refused: no tier, no 429
  const tier: Tier | undefined = recorded?.unlimited ? undefined : (recorded?.tier ?? doc.handwritten?.tier);
  const embed = !!recorded?.embed;
  const path = route.path ?? pathOfFile(route.file);

  // ---- parameters: path (every {name} of the path), then query
  const params = objectParts(doc.params ?? recorded?.params);
  const parameters: Json[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: params.properties[m[1]!] ?? { type: 'string' },
  }));
  const query = objectParts(doc.query ?? recorded?.query);
  for (const [name, schema] of Object.entries(query.properties)) {
    parameters.push({ name, in: 'query', required: query.required.includes(name), schema });
  }

  // ---- request body
  let requestBody: Json | undefined = recorded?.requestBody ?? doc.requestBody;
  const bodySchema = doc.body ?? (recorded?.rawBody ? undefined : recorded?.body);
  if (!requestBody && bodySchema) {
    const js = jsonSchemaOf(bodySchema);
    requestBody = {
      required: Array.isArray(js.required) && js.required.length > 0,
      content: { 'application/json': { schema: Object.keys(js).length ? js : { description: 'any JSON' } } },
    };
  }

  // ---- responses: success, then the errors the route's options imply, then the service's own
  const errors = new Map<number, string[]>();
  const add = (status: number, ...texts: string[]) => errors.set(status, [...new Set([...(errors.get(status) ?? []), ...texts])]);
  if (recorded) {
    if (parameters.length || requestBody) add(400, 'Validation error: <details>');
    if (level === 'admin') add(401, 'Bearer token required');
    if (level !== 'none' && level !== 'optional') add(401, 'Authentication required');
    if (level !== 'none') add(401, 'Invalid or expired token');
    if (level === 'teacher') add(403, 'Teacher access required');
    if (level === 'admin') add(403, 'Admin access required');
  }
  for (const [status, texts] of Object.entries(doc.errors ?? {})) add(Number(status), ...(texts ?? []));
  // the route's own catalogue entries: their machine codes go beside the texts (x-error-codes, text → code)
  const codes: Record<string, string> = {};
  for (const e of recorded?.errors ?? []) {
    const text = e.detail ? `${e.error}: ${e.detail}` : e.error;
    add(e.status, text);
    codes[text] = e.code;
  }
  if (tier) add(429, RATE_LIMIT_MESSAGES[tier]);
  if (recorded) add(500, `Failed to ${recorded.action}`);

  const responses: Json = { [String(recorded?.status ?? doc.status ?? 200)]: successResponse(doc, recorded) };
  const feature = recorded?.feature;
  for (const status of [...new Set([...errors.keys(), ...(feature ? [403] : [])])].sort((a, b) => a - b)) {
    const texts = errors.get(status) ?? [];
    // descriptions are CommonMark: the texts go in code spans (`<details>` is not an HTML element)
    const code = (t: string) => `\`${t}\``;
    const res: Json = { description: texts.map(code).join('; ') || 'Refused', content: errorContent(texts) };
    if (status === 403 && feature) {
      const extra = { requiredPlan: requiredPlanFor(feature), message: featureMessage(feature) };
      const content = errorContent(texts)['application/json'] as Json;
      const gate = errorContent(['feature_not_available'], '#/components/schemas/FeatureError', extra)['application/json'] as Json;
      res.description = [...texts.map(code), `\`feature_not_available\` (the ${feature} feature: ${extra.requiredPlan} plan or higher)`].join('; ');
      res.content = { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/FeatureError' }] }, examples: { ...(content.examples as Json), ...(gate.examples as Json) } } };
    }
    const statusCodes = Object.fromEntries(texts.filter((t) => codes[t]).map((t) => [t, codes[t]]));
    if (Object.keys(statusCodes).length) res['x-error-codes'] = statusCodes;
    if (status === 429) res.headers = { 'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' }, 'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' }, 'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' }, 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
    responses[String(status)] = res;
  }

  const notes = [AUTH_TEXT[level]];
  if (feature) notes.push(`Needs the ${feature} feature (${requiredPlanFor(feature)} plan or higher).`);
  if (embed) notes.push('Also accepts a content token (embed or player token) of this content item as ?token=.');
  if (tier) notes.push(`Rate tier ${tier}.`);
  const summary = recorded?.summary ?? doc.summary;
  if (!summary) throw new Error(`${route.file} ${method}: no summary (give the route's options one)`);
  const op: Json = {
    operationId: `${method.toLowerCase()}${path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary,
    description: [recorded?.description ?? doc.description, notes.join(' ')].filter(Boolean).join('\n\n'),
    tags: recorded?.tags ?? [route.tag],
    security: security(level, embed),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    'x-route-file': route.file,
    'x-auth-level': level,
    ...(tier ? { 'x-rate-tier': tier } : {}),
    ...(feature ? { 'x-feature': feature } : {}),
    ...(embed ? { 'x-content-token': true } : {}),
  };
  return op;
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  tags: TagDoc[];
}

/** Builds the OpenAPI 3.1 document of the given routes. */
export function buildOpenApi(info: DocumentInfo, routes: RouteDoc[]): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.path ?? pathOfFile(route.file);
    for (const method of METHODS) {
      const doc = route.operations[method];
      if (!doc) continue;
      const item = (paths[path] ??= {});
      if (item[method.toLowerCase()]) throw new Error(`${method} ${path} is documented twice`);
      item[method.toLowerCase()] = operation(route, method, doc);
    }
  }
  const header = (description: string) => ({ description, schema: { type: 'integer' } });
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description, license: { name: 'GPL-3.0-or-later', identifier: 'GPL-3.0-or-later' } },
    servers: [{ url: '/', description: 'This service (the tenant of the hostname)' }],
    tags: info.tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from POST /api/auth/login (or the identity provider): `Authorization: Bearer <token>`.' },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'next-auth.session-token',
          description: 'The browser session of the workspace pages (`__Secure-next-auth.session-token` on https): an opaque, httpOnly session id. Writes with it must come from this origin (403 Forbidden otherwise).',
        },
        contentToken: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'A content-scoped embed or player token for embedded frames, accepted only by the routes marked x-content-token and only for its own content item. (An access token may also travel as ?token=; prefer the header.)',
        },
        internalKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Internal service calls: the configured INTERNAL_API_KEY; header x-tenant-code names the tenant.' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['success', 'error'],
          properties: { success: { const: false }, error: { type: 'string', description: 'the spec\'s error text, e.g. "Validation error: title: Too big"' } },
        },
        FeatureError: {
          type: 'object',
          required: ['success', 'error', 'requiredPlan', 'message'],
          properties: {
            success: { const: false },
            error: { const: 'feature_not_available' },
            requiredPlan: { type: 'string', enum: [...PLAN_IDS] },
            message: { type: 'string' },
          },
        },
      },
      headers: {
        'RateLimit-Limit': header('requests allowed in the window'),
        'RateLimit-Remaining': header('requests left in the window'),
        'RateLimit-Reset': header('seconds until the window resets'),
        'Retry-After': header('seconds to wait before trying again'),
      },
    },
  };
}
