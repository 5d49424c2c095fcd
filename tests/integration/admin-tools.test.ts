// Issue 10 item 6: the admin API behind the content types and curriculum admin pages — admin-level auth, the
// install-essentials job with its progress per library (202, 409 while it runs, followed to the end), one type
// installed with its version, the curriculum overview, one framework synced now and "sync all" as a job, each
// forwarding the admin's own provider token (bearer, or the one a browser session holds on the server).
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ESSENTIAL_CONTENT_TYPES } from '@/lib/content/types';
import { db } from '@/lib/db/client';
import { browserSignIn } from '../support/browser';
import { sampleFramework } from '../support/curriculum-standin';
import { createIdpUser, signedIn, uniqueEmail, uniqueWord } from '../support/factories';
import { api, type ApiResponse } from '../support/http';

const standin = async (path: string, body?: unknown) => {
  const res = await fetch(`${inject('curriculumUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
};

type Caller = { token: string };
let admin: Caller;
let teacher: Caller;
let student: Caller;

beforeAll(async () => {
  admin = await signedIn(['school_admin']);
  teacher = await signedIn(['teacher']);
  student = await signedIn(['student']);
});

afterEach(async () => {
  await standin('/admin/reset', {});
});

/** GETs `path` until its job is no longer running (every 100 ms, at most 60 s). */
async function untilFinished(path: string, token: string): Promise<ApiResponse> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await api('GET', path, { token });
    if (res.body.data?.state !== 'running' || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('admin API: who may call it', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/content-types'],
    ['POST', '/api/admin/content-types/install', { machineName: 'H5P.TrueFalse' }],
    ['GET', '/api/admin/content-types/install-essentials'],
    ['POST', '/api/admin/content-types/install-essentials'],
    ['GET', '/api/admin/curriculum'],
    ['GET', '/api/admin/curriculum/sync'],
    ['POST', '/api/admin/curriculum/sync', { framework: 'NZC' }],
  ];
  for (const [method, path, body] of routes) {
    it(`${method} ${path}: 401 Authentication required without credentials, 403 Admin access required for a teacher and a student`, async () => {
      const anon = await api(method, path, { body });
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual({ success: false, error: 'Authentication required' });
      for (const who of [teacher, student]) {
        const res = await api(method, path, { token: who.token, body });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, error: 'Admin access required' });
      }
    });
  }
});

describe('admin content types', () => {
  it('GET /api/admin/content-types: the hub reachable, the essential set, the hub catalog with installed versions, the libraries', async () => {
    const res = await api('GET', '/api/admin/content-types', { token: admin.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.hub).toMatchObject({ url: inject('hubUrl'), reachable: true });
    expect(typeof d.hub.lastUpdate).toBe('string');
    expect(d.essentials.total).toBe(ESSENTIAL_CONTENT_TYPES.length);
    const mc = d.catalog.find((c: { machineName: string }) => c.machineName === 'H5P.MultiChoice');
    expect(mc).toMatchObject({ machineName: 'H5P.MultiChoice', hubVersion: '1.16.3', essential: true });
    expect(Array.isArray(d.libraries)).toBe(true);
  });

  it('POST /api/admin/content-types/install installs one type and answers its version; the catalog then shows it up to date', async () => {
    const res = await api('POST', '/api/admin/content-types/install', { token: admin.token, body: { machineName: 'H5P.TrueFalse' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Library H5P.TrueFalse installed successfully');
    expect(res.body.data).toMatchObject({ machineName: 'H5P.TrueFalse' });
    expect(res.body.data.installedVersion).toMatch(/^\d+\.\d+\.\d+$/);
    const overview = await api('GET', '/api/admin/content-types', { token: admin.token });
    const tf = overview.body.data.catalog.find((c: { machineName: string }) => c.machineName === 'H5P.TrueFalse');
    expect(tf).toMatchObject({ installedVersion: res.body.data.installedVersion, updateAvailable: false });
    expect(overview.body.data.libraries.some((l: { machineName: string }) => l.machineName === 'H5P.TrueFalse')).toBe(true);
  });

  it('POST /api/admin/content-types/install: 400 without machineName, 404 for a type the hub does not offer', async () => {
    const missing = await api('POST', '/api/admin/content-types/install', { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Validation error: machineName: machineName is required');
    const unknown = await api('POST', '/api/admin/content-types/install', { token: admin.token, body: { machineName: 'H5P.NotOnTheHub' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Content type not found on the H5P Hub' });
  });

  it('install-essentials runs as a job: 202, 409 while it runs, then a result per essential library', async () => {
    const started = await api('POST', '/api/admin/content-types/install-essentials', { token: admin.token });
    expect(started.status).toBe(202);
    expect(started.body.message).toBe('Installation of the essential content types started');
    expect(started.body.data).toMatchObject({ kind: 'install-essentials', state: 'running' });
    const again = await api('POST', '/api/admin/content-types/install-essentials', { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: 'An installation of the essential content types is already running' });

    const done = await untilFinished('/api/admin/content-types/install-essentials', admin.token);
    expect(done.status).toBe(200);
    const job = done.body.data;
    expect(job).toMatchObject({ id: started.body.data.id, state: 'completed', total: ESSENTIAL_CONTENT_TYPES.length, done: ESSENTIAL_CONTENT_TYPES.length });
    expect(job.results.map((r: { name: string }) => r.name)).toEqual([...ESSENTIAL_CONTENT_TYPES]);
    expect(job.results.find((r: { name: string }) => r.name === 'H5P.MultiChoice')).toEqual({ name: 'H5P.MultiChoice', success: true, detail: '1.16.3' });
    expect(job.results.find((r: { name: string }) => r.name === 'H5P.Timeline')).toEqual({ name: 'H5P.Timeline', success: false, error: 'Content type not found on the H5P Hub' });
    expect(typeof job.finishedAt).toBe('string');
    // the next one may start now
    const next = await api('POST', '/api/admin/content-types/install-essentials', { token: admin.token });
    expect(next.status).toBe(202);
    await untilFinished('/api/admin/content-types/install-essentials', admin.token);
  });
});

describe('admin curriculum', () => {
  it('GET /api/admin/curriculum: the service connected, the frameworks with their size and last sync, the history', async () => {
    const code = uniqueWord('AF').toUpperCase();
    await standin('/admin/frameworks', sampleFramework(code, { name: `Admin ${code}` }));
    const synced = await api('POST', '/api/admin/curriculum/sync', { token: admin.token, body: { framework: code } });
    expect(synced.status).toBe(200);
    expect(synced.body.message).toBe(`Synced framework ${code}`);
    expect(synced.body.data).toMatchObject({ stages: expect.any(Number), objectives: expect.any(Number), errors: [] });
    expect(synced.body.data.objectives).toBeGreaterThan(0);

    const res = await api('GET', '/api/admin/curriculum', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.configured).toBe(true);
    expect(res.body.data.service).toEqual({ connected: true });
    const row = res.body.data.frameworks.find((f: { code: string }) => f.code === code);
    expect(row).toMatchObject({ code, name: `Admin ${code}`, isActive: true, lastSync: { status: 'completed' } });
    expect(row.objectives).toBe(synced.body.data.objectives);
    expect(res.body.data.history[0]).toMatchObject({ framework_code: code, sync_type: 'framework', status: 'completed' });
    // the admin's own token went to the service
    const seen = (await standin('/admin/requests')) as { path: string; authorization: string | null }[];
    expect(seen.find((s) => s.path === `/frameworks/${code}`)?.authorization).toBe(`Bearer ${admin.token}`);
  });

  it('POST /api/admin/curriculum/sync {framework}: 404 Framework not found for a code the service does not know; 400 for an empty code', async () => {
    const res = await api('POST', '/api/admin/curriculum/sync', { token: admin.token, body: { framework: 'NOPE-NOT-THERE' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Framework not found' });
    const empty = await api('POST', '/api/admin/curriculum/sync', { token: admin.token, body: { framework: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Validation error: framework: framework must not be empty');
  });

  it('POST /api/admin/curriculum/sync {} syncs every framework as a job: the list, then each active framework; 409 while it runs', async () => {
    const a = uniqueWord('JA').toUpperCase();
    const b = uniqueWord('JB').toUpperCase();
    await standin('/admin/frameworks', sampleFramework(a));
    await standin('/admin/frameworks', sampleFramework(b));
    await standin('/admin/mode', { delayMs: 300 });
    const started = await api('POST', '/api/admin/curriculum/sync', { token: admin.token, body: {} });
    expect(started.status).toBe(202);
    expect(started.body.message).toBe('Sync of all frameworks started');
    expect(started.body.data).toMatchObject({ kind: 'curriculum-sync', state: 'running' });
    const again = await api('POST', '/api/admin/curriculum/sync', { token: admin.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: 'A curriculum sync is already running' });

    const done = await untilFinished('/api/admin/curriculum/sync', admin.token);
    const job = done.body.data;
    expect(job.state).toBe('completed');
    // (other tests' frameworks are in the stand-in too, some of them invalid on purpose: only ours are asserted)
    expect(job.results[0]).toMatchObject({ name: 'frameworks', detail: expect.stringMatching(/^\d+ frameworks$/) });
    for (const code of [a, b]) {
      expect(job.results.find((r: { name: string }) => r.name === code)).toMatchObject({ name: code, success: true, detail: expect.stringMatching(/objectives$/) });
    }
    expect(job.total).toBe(job.results.length);
    expect(await db().curriculumObjective.count({ where: { frameworkCode: { in: [a, b] } } })).toBeGreaterThan(0);
  });

  it('a sync-all job whose service refuses the token ends with the reason, and the history says so', async () => {
    await standin('/admin/mode', { refuseTokens: true });
    const started = await api('POST', '/api/admin/curriculum/sync', { token: admin.token, body: {} });
    expect(started.status).toBe(202);
    const job = (await untilFinished('/api/admin/curriculum/sync', admin.token)).body.data;
    expect(job.state).toBe('completed');
    expect(job.results).toEqual([{ name: 'prepare', success: false, error: 'Failed to sync frameworks: Curriculum service refused the token (401)' }]);
    const overview = await api('GET', '/api/admin/curriculum', { token: admin.token });
    expect(overview.body.data.service.connected).toBe(false);
    expect(overview.body.data.history[0]).toMatchObject({ sync_type: 'frameworks', status: 'completed_with_errors', error_message: 'Curriculum service refused the token (401)' });
  });

  it("from the admin page's browser session: the session's provider token is forwarded (the browser holds none)", async () => {
    const u = await createIdpUser({ email: uniqueEmail('admin-page'), roles: ['school_admin'] });
    const b = await browserSignIn(u.email, u.password);
    const code = uniqueWord('BS').toUpperCase();
    await standin('/admin/frameworks', sampleFramework(code));
    const res = await b.call('POST', '/api/admin/curriculum/sync', { body: { framework: code } });
    expect(res.status).toBe(200);
    const seen = (await standin('/admin/requests')) as { path: string; authorization: string | null }[];
    const auth = seen.find((s) => s.path === `/frameworks/${code}`)?.authorization;
    expect(auth).toMatch(/^Bearer eyJ/);
    const status = await b.call('GET', '/api/curriculum/status');
    expect(status.body.data).toEqual({ connected: true });
  });
});

describe('admin users: the role the identity provider gave', () => {
  it('is recorded on the user and shown in the support search', async () => {
    const superAdmin = await signedIn(['super_admin']);
    const email = uniqueEmail('role');
    await signedIn(['teacher'], email);
    const res = await api('GET', `/api/admin/users?email=${encodeURIComponent(email)}`, { token: superAdmin.token });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ email, role: 'teacher' });
  });
});
