import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { ESSENTIAL_CONTENT_TYPES } from '@/lib/content/types';
import { appEnv } from '../support/global-setup';
import { freePort, startApp, type AppProcess } from '../support/app-process';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { installTestLibraries } from '../support/h5p';

describe('content types from the hub', () => {
  it('POST /h5p/libraries/install installs a recommended content type for a teacher through the hub', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/libraries/install', { token: t.token, body: { machineName: 'H5P.TrueFalse' } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toMatch(/^Library H5P\.TrueFalse installed successfully/);
    expect(await db().h5pLibrary.count({ where: { machineName: 'H5P.TrueFalse' } })).toBe(1);
  });

  it('POST /h5p/libraries/install answers 404 for a type the hub does not offer, 400 without machineName, 403 for a student', async () => {
    const t = await signedIn(['teacher']);
    const unknown = await api('POST', '/h5p/libraries/install', { token: t.token, body: { machineName: 'H5P.NotOnTheHub' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Content type not found on the H5P Hub' });
    const missing = await api('POST', '/h5p/libraries/install', { token: t.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Validation error: machineName: machineName is required');
    const s = await signedIn(['student']);
    expect((await api('POST', '/h5p/libraries/install', { token: s.token, body: { machineName: 'H5P.TrueFalse' } })).status).toBe(403);
  });

  it('POST /h5p/libraries/install-essentials installs what the hub offers and reports every essential type', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/libraries/install-essentials', { token: t.token });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    const { total, installed, failed, results } = res.body.data;
    expect(total).toBe(ESSENTIAL_CONTENT_TYPES.length);
    expect(installed).toBe(5);
    expect(failed).toBe(total - 5);
    expect(results.find((r: { name: string }) => r.name === 'H5P.Blanks')).toEqual({ name: 'H5P.Blanks', success: true });
    expect(results.find((r: { name: string }) => r.name === 'H5P.Timeline')).toEqual({ name: 'H5P.Timeline', success: false, error: 'Content type not found on the H5P Hub' });
  });

  it('GET /h5p/libraries/status is ready with the essentials installed (the hub\'s five, and the AI tests\' containers when they ran first)', async () => {
    await installTestLibraries();
    const t = await signedIn(['student']);
    const res = await api('GET', '/h5p/libraries/status', { token: t.token });
    expect(res.status).toBe(200);
    const have = await db().h5pLibrary.findMany({ where: { machineName: { in: [...ESSENTIAL_CONTENT_TYPES] } }, distinct: ['machineName'], select: { machineName: true } });
    expect(have.length).toBeGreaterThanOrEqual(5);
    expect(res.body.data).toMatchObject({ total: ESSENTIAL_CONTENT_TYPES.length, installed: have.length, ready: true });
    expect(res.body.data.status).toContainEqual({ name: 'H5P.MultiChoice', installed: true });
    expect(res.body.data.status).toContainEqual({ name: 'H5P.Essay', installed: false });
  });

  it('GET /h5p/libraries lists installed libraries with versions and the latest', async () => {
    await installTestLibraries();
    const t = await signedIn(['student']);
    const res = await api('GET', '/h5p/libraries', { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ machineName: 'H5P.MultiChoice', versions: ['1.16.3'], latestVersion: '1.16.3' });
  });

  it('GET /h5p/content-types lists the hub’s content types', async () => {
    const t = await signedIn(['student']);
    const res = await api('GET', '/h5p/content-types', { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.data.contentTypes).toContainEqual(expect.objectContaining({ id: 'H5P.MultiChoice', title: 'Multiple Choice', majorVersion: 1, minorVersion: 16 }));
    for (const c of res.body.data.contentTypes) expect(Object.keys(c).sort()).toEqual(['description', 'id', 'majorVersion', 'minorVersion', 'title']);
  });

  it('requires a signed-in user for the read endpoints', async () => {
    for (const p of ['/h5p/content-types', '/h5p/libraries', '/h5p/libraries/status']) expect((await api('GET', p)).status).toBe(401);
  });
});

describe('with the hub unreachable', () => {
  let app: AppProcess;
  beforeAll(async () => {
    const deadPort = await freePort();
    app = await startApp({ ...appEnv(inject('idpUrl')), H5P_HUB_URL: `http://127.0.0.1:${deadPort}/v1` });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('install-essentials fails fast with a per-library error', async () => {
    const t = await signedIn(['teacher']);
    const started = Date.now();
    const res = await api('POST', '/h5p/libraries/install-essentials', { token: t.token, base: app.url });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(res.status).toBe(200);
    expect(res.body.data.installed).toBe(0);
    expect(res.body.data.failed).toBe(ESSENTIAL_CONTENT_TYPES.length);
    for (const r of res.body.data.results) expect(r).toEqual({ name: r.name, success: false, error: 'H5P Hub is unreachable' });
  });

  it('install answers 502 H5P Hub is unreachable for a type not in the cache', async () => {
    const t = await signedIn(['teacher']);
    // the database is shared with the main app: forget its cached hub list for this instance's view
    await db().h5pKeyValue.deleteMany({ where: { key: { in: ['contentTypeCache', 'contentTypeCacheUpdate'] } } });
    const res = await api('POST', '/h5p/libraries/install', { token: t.token, body: { machineName: 'H5P.Chart' }, base: app.url });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, error: 'H5P Hub is unreachable' });
  });
});
