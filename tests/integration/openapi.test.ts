// The API document (issue 8, item 10): GET /api/openapi.json is a valid OpenAPI 3.1 document generated from
// the routes' own options, it documents every API route file and method under app/ (a new route without
// documentation fails here), its schemas are the ones the routes enforce, and GET /api/docs renders it with
// files from this origin only.
import { validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { routeFilesUnderApp } from '../support/route-files';

type Json = Record<string, any>;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Route files (or file and method) under app/ that are not API endpoints, and why. HEAD is never listed: it
 * answers what GET answers, without the body.
 */
const NOT_API: Record<string, string> = {
  'app/api/[...path]/route.ts': 'the JSON 404 of every /api path without a route',
  'app/api/auth/[...nextauth]/route.ts PUT': 'only the JSON 404 (next-auth answers GET and POST)',
  'app/api/auth/[...nextauth]/route.ts PATCH': 'only the JSON 404',
  'app/api/auth/[...nextauth]/route.ts DELETE': 'only the JSON 404',
  'app/h5p/content/[contentId]/[...file]/route.ts': 'static files of content',
  'app/h5p/libraries/[...file]/route.ts': 'static files of libraries',
  'app/h5p/player-files/[token]/[contentId]/[...file]/route.ts': 'static files of the sandboxed player page',
  'app/realms/[realm]/.well-known/openid-configuration/route.ts': 'the embedded OpenID Connect provider (its own protocol)',
  'app/realms/[realm]/protocol/openid-connect/certs/route.ts': 'the embedded OpenID Connect provider',
  'app/realms/[realm]/protocol/openid-connect/token/route.ts': 'the embedded OpenID Connect provider',
};

/** `app/api/collections/[id]/route.ts` → `/api/collections/{id}` */
const pathOf = (file: string) =>
  `/${file
    .replace(/^app\//, '')
    .replace(/\/?route\.(ts|tsx|js)$/, '')
    .split('/')
    .map((s) => s.replace(/^\[(.+)\]$/, '{$1}'))
    .join('/')}`;

let doc: Json;
const op = (path: string, method: string): Json => {
  const o = doc.paths[path]?.[method];
  expect(o, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
  return o as Json;
};
const queryParam = (o: Json, name: string) => (o.parameters as Json[]).find((p) => p.in === 'query' && p.name === name);

beforeAll(async () => {
  const res = await api('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Json;
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (validated by @readme/openapi-parser), public and cached in-process', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Lumen Learn API');
    const result = await validate(structuredClone(doc) as never);
    expect(result).toMatchObject({ valid: true });
    // the validator does refuse a broken document
    const broken = structuredClone(doc);
    broken.paths['/api/collections'].post.responses = 'none';
    expect((await validate(broken as never)).valid).toBe(false);

    const again = await api('GET', '/api/openapi.json');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.headers.get('ratelimit-limit')).toBeTruthy();
    expect(again.text).toBe(JSON.stringify(doc));
  });

  it('documents every API route file and method under app/, and nothing that is not there', () => {
    const documented = new Map<string, string>(); // "<file> <METHOD>" → path
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const method of HTTP_METHODS) {
        const o = item[method] as Json | undefined;
        if (o) documented.set(`${o['x-route-file']} ${method.toUpperCase()}`, path);
      }
    }
    const files = routeFilesUnderApp();
    expect(files.length).toBeGreaterThan(50);
    const onDisk = new Set(files.flatMap((f) => f.methods.map((m) => `${f.file} ${m}`)));
    const missing = files.flatMap((f) =>
      f.methods.filter((m) => m !== 'HEAD' && !NOT_API[f.file] && !NOT_API[`${f.file} ${m}`] && !documented.has(`${f.file} ${m}`)).map((m) => `${f.file} ${m}`),
    );
    const stale = [...documented.keys()].filter((k) => !onDisk.has(k));
    // a route file that is not a catch-all is documented under its own path (with its {param} names)
    const wrongPath = [...documented].filter(([k, path]) => !k.includes('[...') && pathOf(k.slice(0, k.lastIndexOf(' '))) !== path);
    expect({ missing, stale, wrongPath }, 'each API route declares its contract in its route() options (or a contract.ts beside it)').toEqual({ missing: [], stale: [], wrongPath: [] });
    // the specification's LTI endpoints are all there (issue 12)
    for (const present of ['/lti/launch', '/lti/jwks', '/lti/config', '/lti/platforms', '/lti/deep-link', '/lti/ags/lineitems', '/lti/ags/scores', '/lti/nrps/members', '/lti/login']) {
      expect(doc.paths[present], present).toBeDefined();
    }
  });

  it('describes auth levels, tiers and gates as the routes enforce them', () => {
    const sync = op('/api/curriculum/sync/frameworks', 'post');
    expect(sync.security).toEqual([{ bearerAuth: [] }, { internalKey: [] }]);
    expect(sync['x-auth-level']).toBe('admin');
    expect(Object.keys(sync.responses['401'].content['application/json'].examples)).toEqual(['Bearer token required', 'Authentication required', 'Invalid or expired token']);
    expect(Object.keys(sync.responses['403'].content['application/json'].examples)).toEqual(['Admin access required']);
    expect(sync.responses['500'].content['application/json'].examples['Failed to sync frameworks']).toBeDefined();

    const create = op('/api/collections', 'post');
    expect(create.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }, { internalKey: [] }]);
    expect(create.responses['201']).toBeDefined();
    expect(create.responses['403'].content['application/json'].examples['Teacher access required']).toBeDefined();
    expect(create.responses['429'].content['application/json'].examples['Too many requests. Please try again later.']).toBeDefined();
    expect(create.responses['500'].content['application/json'].examples['Failed to create collection']).toBeDefined();

    expect(op('/api/auth/login', 'post').security).toEqual([]);
    expect(op('/api/auth/login', 'post')['x-rate-tier']).toBe('AUTH');
    expect(op('/api/auth/login', 'post').responses['429'].content['application/json'].examples['Too many authentication attempts. Please try again later.']).toBeDefined();
    expect(op('/api/tenant/current', 'get').security).toEqual([]);

    // embeds: the content token in ?token= is accepted by the player routes only
    expect(op('/h5p/embed/{contentId}', 'get').security).toContainEqual({ contentToken: [] });
    expect(op('/h5p/play/{contentId}', 'get').security).toContainEqual({ contentToken: [] });
    expect(op('/h5p/content', 'get').security).not.toContainEqual({ contentToken: [] });
    expect(doc.components.securitySchemes.contentToken).toMatchObject({ type: 'apiKey', in: 'query', name: 'token' });
    expect(doc.components.securitySchemes.internalKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });

    // a plan gate: 403 feature_not_available with the lowest plan that has the feature
    const scorm = op('/h5p/content/{contentId}/export-scorm', 'get');
    expect(scorm['x-feature']).toBe('scorm-export');
    expect(scorm.responses['403'].content['application/json'].examples.feature_not_available.value).toEqual({
      success: false,
      error: 'feature_not_available',
      requiredPlan: 'pro',
      message: 'This feature requires the Pro plan or higher',
    });
    expect(scorm.responses['200'].content['application/zip']).toBeDefined();
    expect(queryParam(scorm, 'version')).toMatchObject({ required: false, schema: { enum: expect.arrayContaining(['1.2', '2004']), default: '1.2' } });
  });

  it('has the schemas the routes enforce, and the routes answer as documented', async () => {
    const body = op('/api/collections', 'post').requestBody;
    expect(body.required).toBe(true);
    const schema = body.content['application/json'].schema as Json;
    expect(schema.required).toEqual(['title']);
    expect(schema.properties.title).toEqual({ type: 'string', minLength: 1, maxLength: 500 });
    expect(schema.properties.difficulty).toEqual({ type: 'string', enum: ['easy', 'medium', 'hard'] });

    const list = op('/api/marketplace/public-contents', 'get');
    expect(queryParam(list, 'limit')).toEqual({ name: 'limit', in: 'query', required: false, schema: { default: 20, type: 'integer', minimum: 1, maximum: 50 } });
    expect(queryParam(list, 'sortBy')?.schema).toEqual({ default: 'newest', type: 'string', enum: ['newest', 'popular', 'quality', 'rating'] });

    const remove = op('/api/collections/{id}/items/{itemId}', 'delete');
    expect((remove.parameters as Json[]).map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'path', true],
      ['itemId', 'path', true],
    ]);
    expect(op('/h5p/import', 'post').requestBody.content['multipart/form-data'].schema.required).toEqual(['h5p']);

    // reality: the bounds the document states are the ones the routes apply
    const teacher = await signedIn(['teacher']);
    expect((await api('POST', '/api/collections', { token: teacher.token, body: { title: 'x'.repeat(501) } })).status).toBe(400);
    expect((await api('POST', '/api/collections', { token: teacher.token, body: {} })).status).toBe(400);
    expect((await api('POST', '/api/collections', { token: teacher.token, body: { title: 'x'.repeat(500) } })).status).toBe(201);
    for (const [limit, status] of [['0', 400], ['51', 400], ['1', 200], ['50', 200]] as const) {
      expect((await api('GET', `/api/marketplace/public-contents?limit=${limit}`, { token: teacher.token })).status, `limit=${limit}`).toBe(status);
    }
  });
});

describe('GET /api/docs', () => {
  it('renders the document with Swagger UI served from this origin, under a policy that allows nothing else', async () => {
    const page = await api('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.sort()).toEqual(['/api/docs/docs.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/openapi.json']);

    const bundle = await api('GET', '/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.text).toContain('SwaggerUIBundle');
    const css = await api('GET', '/api/docs/swagger-ui.css');
    expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    const start = await api('GET', '/api/docs/docs.js');
    expect(start.status).toBe(200);
    expect(start.text).toContain("url: 'openapi.json'");
    expect(start.text).not.toMatch(/https?:\/\//);
  });

  it('answers 404 Not found for any other file name, including paths out of the folder', async () => {
    for (const name of ['nope.js', 'index.html', 'package.json', '..%2F..%2Fpackage.json', 'swagger-ui-bundle.js.map', 'constructor']) {
      const res = await api('GET', `/api/docs/${name}`);
      expect([res.status, res.body], name).toEqual([404, { success: false, error: 'Not found' }]);
    }
  });
});
