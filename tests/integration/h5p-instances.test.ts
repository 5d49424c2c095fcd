// Two app instances on the same database, Redis and DATA_DIR serve the same content correctly.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { appEnv } from '../support/global-setup';
import { startApp, type AppProcess } from '../support/app-process';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { SAMPLE_PARAMS, libraryString } from '../support/h5p-packages';

describe('two instances sharing PostgreSQL, Redis and DATA_DIR', () => {
  let a: AppProcess;
  let b: AppProcess;
  beforeAll(async () => {
    // the same DATA_DIR as the main test app: the library index in the (shared) database describes its files
    const env = { ...appEnv(inject('idpUrl')), H5P_HUB_URL: inject('hubUrl'), DATA_DIR: inject('appDataDir') };
    [a, b] = await Promise.all([startApp(env), startApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('installs concurrently on both without corruption, then creates on one and plays, exports and updates on the other', async () => {
    const admin = await signedIn(['super_admin']);
    const installs = await Promise.all(
      ['H5P.DragText', 'H5P.MarkTheWords'].flatMap((m) => [a, b].map((app) => api('POST', '/h5p/libraries/install', { token: admin.token, body: { machineName: m }, base: app.url }))),
    );
    expect(installs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await db().h5pLibrary.count({ where: { machineName: { in: ['H5P.DragText', 'H5P.MarkTheWords'] } } })).toBe(2);

    const t = await signedIn(['teacher']);
    const created = await api('POST', '/h5p/content', { token: t.token, base: a.url, body: { library: libraryString('H5P.DragText'), params: SAMPLE_PARAMS['H5P.DragText'], metadata: { title: 'Shared' } } });
    expect(created.status).toBe(201);
    const id = created.body.data.contentId;

    const play = await api('GET', `/h5p/play/${id}`, { token: t.token, base: b.url });
    expect(play.status).toBe(200);
    expect(play.body.data.integration.contents[`cid-${id}`].library).toBe('H5P.DragText 1.10');
    const script = await api('GET', '/h5p/libraries/H5P.DragText-1.10/dragtext.js?version=1.10.4', { base: b.url });
    expect(script.status).toBe(200);

    const list = await api('GET', '/h5p/content', { token: t.token, base: b.url });
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(id);

    const upd = await api('PUT', `/h5p/content/${id}`, { token: t.token, base: b.url, body: { library: libraryString('H5P.DragText'), params: SAMPLE_PARAMS['H5P.DragText'], metadata: { title: 'Shared 2' } } });
    expect(upd.status).toBe(200);
    expect((await api('GET', `/h5p/content/${id}`, { token: t.token, base: a.url })).body.data.title).toBe('Shared 2');

    const exported = await fetch(`${b.url}/h5p/content/${id}/export`, { headers: { Authorization: `Bearer ${t.token}` } });
    expect(exported.status).toBe(200);
    const form = new FormData();
    form.append('h5p', new Blob([new Uint8Array(await exported.arrayBuffer())], { type: 'application/zip' }), 'shared.h5p');
    const imported = await api('POST', '/h5p/import', { token: t.token, base: a.url, body: form });
    expect(imported.status).toBe(201);

    const libs = await api('GET', '/h5p/libraries', { token: t.token, base: b.url });
    expect(libs.body.data.map((l: { machineName: string }) => l.machineName)).toEqual(expect.arrayContaining(['H5P.DragText', 'H5P.MarkTheWords']));
  });
});
