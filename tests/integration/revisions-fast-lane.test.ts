// A regression guard (issue 27 item 2): on a fresh instance whose first H5P request is a play on the fast lane — which
// loads its own copy of the modules and so creates the process's H5P engine — a save from a stale base must still be
// refused with 409 and keep its revision's author: the save context is one per process, not one per module copy.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { startApp, type AppProcess } from '../support/app-process';
import { signedIn } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { createContent, installTestLibraries } from '../support/h5p';
import { libraryString, SAMPLE_PARAMS } from '../support/h5p-packages';
import { api } from '../support/http';

let app: AppProcess;
let teacher: Awaited<ReturnType<typeof signedIn>>;
let id: string;

beforeAll(async () => {
  await installTestLibraries();
  teacher = await signedIn(['teacher']);
  id = await createContent(teacher.token, 'H5P.MultiChoice', { title: 'Fast lane first' });
  app = await startApp({ ...appEnv(inject('idpUrl')), H5P_HUB_URL: inject('hubUrl'), DATA_DIR: inject('appDataDir') }, { waitForHealthy: true });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('a fresh instance whose first H5P request is a fast-lane play', () => {
  it('still refuses a save from a stale base with 409', async () => {
    const player = await issuePlayerToken(teacher.user.id, id);
    expect((await api('GET', `/h5p/play/${id}?token=${player}`, { base: app.url })).status).toBe(200);
    const info = await api('GET', `/h5p/content/${id}`, { base: app.url, token: teacher.token });
    const base = info.body.currentRevision as string;
    const body = (question: string) => ({ library: libraryString('H5P.MultiChoice'), params: { ...(SAMPLE_PARAMS['H5P.MultiChoice'] as object), question }, metadata: { title: 'Fast lane first' }, baseRevision: base });
    expect((await api('PUT', `/h5p/content/${id}`, { base: app.url, token: teacher.token, body: body('<p>First?</p>') })).status).toBe(200);
    const stale = await api('PUT', `/h5p/content/${id}`, { base: app.url, token: teacher.token, body: body('<p>Second?</p>') });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.error).toMatch(/^This content was changed by .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC after you opened it$/);
  });
});
