// Issue 8 item 1, the classroom load test: 30 learners behind ONE school address (the same X-Forwarded-For), each
// with their own player token, load the player page and model and the page's first files, save their state a few
// times and post a result, while their teacher on the same address works in the workspace through a browser
// session (list, update, open in the editor, marketplace). The integration app runs with the real tiers (no
// E2E_TEST_CODE): nothing may answer 429, and all 30 results must be stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { browserSignIn } from '../support/browser';
import { createIdpUser, signedIn, uniqueEmail } from '../support/factories';
import { createContent, installTestLibraries } from '../support/h5p';
import { randomIp, api, type ApiResponse } from '../support/http';
import { libraryString, SAMPLE_PARAMS } from '../support/h5p-packages';

const LEARNERS = 30;
const SAVES = 4;
const TEACHER_ROUNDS = 12;
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  await installTestLibraries();
});

describe('a class of 30 behind one address', () => {
  it('plays and answers one item while the teacher edits: no 429 anywhere, all 30 results stored', { timeout: 60_000 }, async () => {
    const school = randomIp();
    const started = Date.now();
    const t = await createIdpUser({ email: uniqueEmail('class-teacher'), roles: ['teacher'] });
    const teacher = await browserSignIn(t.email, t.password);
    const created = await teacher.call('POST', '/h5p/content', {
      ip: school,
      body: { library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: 'Class quiz' } },
    });
    expect(created.status).toBe(201);
    const contentId = created.body.data.contentId as string;
    expect((await teacher.call('PATCH', `/h5p/content/${contentId}/visibility`, { ip: school, body: { visibility: 'public' } })).status).toBe(200);

    // the learners' own accounts (signed in elsewhere) and the player tokens their content page hands them
    const learners = await Promise.all(Array.from({ length: LEARNERS }, () => signedIn(['student'])));
    const tokens = await Promise.all(learners.map((l) => issuePlayerToken(l.user.id, contentId)));

    const seen: ApiResponse[] = [];
    const track = async (p: Promise<ApiResponse>) => {
      const r = await p;
      seen.push(r);
      return r;
    };
    const learn = async (token: string, n: number) => {
      const get = (path: string) => track(api('GET', `${path}${path.includes('?') ? '&' : '?'}token=${token}`, { ip: school }));
      const post = (path: string, body: Record<string, string>) =>
        track(api('POST', `${path}?token=${token}`, { ip: school, body: new URLSearchParams(body).toString(), headers: form }));
      const page = await get(`/h5p/embed/${contentId}`);
      expect(page.status).toBe(200);
      const model = await get(`/h5p/play/${contentId}`);
      expect(model.status).toBe(200);
      // the page's first files: static, never counted
      const files: string[] = [...model.body.data.scripts.slice(0, 2), ...model.body.data.styles.slice(0, 1)];
      for (const f of files) await track(api('GET', f, { ip: school }));
      await get(`/h5p/contentUserData/${contentId}/state/0`);
      for (let i = 0; i < SAVES; i++) {
        await post(`/h5p/contentUserData/${contentId}/state/0`, { data: JSON.stringify({ answers: [i], learner: n }), preload: '1', invalidate: '0' });
      }
      const now = Math.floor(Date.now() / 1000);
      const done = await post('/h5p/finishedData', { contentId, score: String(n % 4), maxScore: '3', opened: String(now - 60), finished: String(now) });
      expect(done.status).toBe(200);
    };
    const teach = async () => {
      for (let i = 0; i < TEACHER_ROUNDS; i++) {
        const list = await track(teacher.call('GET', '/h5p/content', { ip: school }));
        expect(list.status).toBe(200);
        const edit = await track(teacher.call('GET', `/h5p/edit/${contentId}`, { ip: school }));
        expect(edit.status).toBe(200);
        const put = await track(
          teacher.call('PUT', `/h5p/content/${contentId}`, {
            ip: school,
            body: { library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'], metadata: { title: `Class quiz (${i})` } },
          }),
        );
        expect(put.status).toBe(200);
        const market = await track(teacher.call('GET', '/api/marketplace/public-contents', { ip: school }));
        expect(market.status).toBe(200);
      }
    };
    await Promise.all([teach(), ...tokens.map((token, n) => learn(token, n))]);

    const limited = seen.filter((r) => r.status === 429);
    expect(limited).toHaveLength(0);
    expect(seen.filter((r) => r.status >= 400)).toHaveLength(0);
    // more than the API (100) and PUBLIC (200) tiers of one address would ever allow
    expect(seen.filter((r) => r.headers.get('ratelimit-limit') !== null).length).toBeGreaterThan(200);
    const results = await db().h5pFinishedData.findMany({ where: { contentId }, select: { userId: true, score: true } });
    expect(results.map((r) => r.userId).sort()).toEqual(learners.map((l) => l.user.id).sort());
    const states = await db().h5pContentUserData.count({ where: { contentId } });
    expect(states).toBe(LEARNERS);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe('a class of 30 behind one address, each learner with their own bearer token (issue 22 item 13)', () => {
  it('150 calls of the play model and its state and result calls: no 429, each learner counted on their own', { timeout: 60_000 }, async () => {
    const school = randomIp();
    const teacher = await signedIn(['teacher']);
    const contentId = await createContent(teacher.token, 'H5P.MultiChoice', { title: 'Bearer class quiz' });
    expect((await api('PATCH', `/h5p/content/${contentId}/visibility`, { token: teacher.token, body: { visibility: 'public' } })).status).toBe(200);
    const learners = await Promise.all(Array.from({ length: LEARNERS }, () => signedIn(['student'])));

    const seen: ApiResponse[] = [];
    const learn = async (token: string, n: number) => {
      // half the class sends its token in the Authorization header, half as ?token= (the transport does not matter)
      const byQuery = n % 2 === 1;
      const call = async (method: string, path: string, body?: Record<string, string>) => {
        const url = byQuery ? `${path}?token=${token}` : path;
        const r = await api(method, url, {
          ip: school,
          ...(byQuery ? {} : { token }),
          ...(body ? { body: new URLSearchParams(body).toString(), headers: form } : {}),
        });
        seen.push(r);
        return r;
      };
      const model = await call('GET', `/h5p/play/${contentId}`);
      expect(model.status).toBe(200);
      expect(await call('GET', `/h5p/contentUserData/${contentId}/state/0`)).toMatchObject({ status: 200 });
      for (let i = 0; i < 2; i++) {
        const saved = await call('POST', `/h5p/contentUserData/${contentId}/state/0`, { data: JSON.stringify({ answers: [i] }), preload: '1', invalidate: '0' });
        expect(saved.status).toBe(200);
      }
      const now = Math.floor(Date.now() / 1000);
      const done = await call('POST', '/h5p/finishedData', { contentId, score: String(n % 4), maxScore: '3', opened: String(now - 60), finished: String(now) });
      expect(done.status).toBe(200);
    };
    await Promise.all(learners.map((l, n) => learn(l.token, n)));

    expect(seen).toHaveLength(150);
    expect(seen.filter((r) => r.status === 429)).toHaveLength(0);
    expect(seen.filter((r) => r.status !== 200)).toHaveLength(0);
    // each learner has the API tier (100) of their own, not a share of one address's
    expect(new Set(seen.map((r) => r.headers.get('ratelimit-limit')))).toEqual(new Set(['100']));
    expect(Math.min(...seen.map((r) => Number(r.headers.get('ratelimit-remaining'))))).toBeGreaterThanOrEqual(90);
    const results = await db().h5pFinishedData.findMany({ where: { contentId }, select: { userId: true } });
    expect(results.map((r) => r.userId).sort()).toEqual(learners.map((l) => l.user.id).sort());
  });
});
