// Issue 9 item 6, scale-out proven: two app instances on ONE PostgreSQL database, ONE Redis db and ONE S3-compatible
// file store (s3rver over HTTP; tests/support/scale-out-env.ts, the same variables as compose.yaml's app services) behind a small round-robin
// proxy (tests/support/round-robin.ts). For 60 s a handful of virtual users run a mixed load through the proxy —
// teachers (bearer tokens of the stand-in IdP) list, read, edit, import a small .h5p and clone from the
// marketplace; learners play public items through the player routes with their own player token and post saved
// state and results — while a checker writes on one instance and reads at once on the other, asking each
// instance directly: content edits (info, parameters, player model), visibility, the plan and the user's own
// preferences. Then a burst past the API tier (100 per user), split across both instances, is refused
// at exactly the limit. Asserted: 0 errors (no 5xx, no unexpected status, no failed connection), every coherence
// check served the new state at once, every result stored, exact rate-limit counts across the instances.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { copyBetweenStores } from '@/lib/files/copy-store';
import { LocalFileStore } from '@/lib/files/local';
import { S3FileStore } from '@/lib/files/s3';
import { ROOT, startApp, type AppProcess } from '../support/app-process';
import { setPlan, signedIn } from '../support/factories';
import { api, randomIp, type ApiResponse, type CallOptions } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { freshLimits } from '../support/rate-limits';
import { contentPackage, libraryString, SAMPLE_PARAMS } from '../support/h5p-packages';
import { startRoundRobin, type RoundRobin } from '../support/round-robin';
import { startS3StandIn, type S3StandIn } from '../support/s3-standin';
import { IDP_VARIABLES, scaleOutEnv } from '../support/scale-out-env';

/** how long the mixed load runs (SCALE_OUT_LOAD_MS overrides it for a quick local run) */
const LOAD_MS = Number(process.env.SCALE_OUT_LOAD_MS || 60_000);
const TEACHERS = 3;
const LEARNERS = 4;
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

type Teacher = Awaited<ReturnType<typeof signedIn>>;

interface Failure {
  op: string;
  method: string;
  path: string;
  status: number | string;
  upstream: string | null;
  text: string;
}

/** Every request of the load, by operation: how many, how long, and each one that failed. */
class Tally {
  readonly ops = new Map<string, { n: number; ms: number[] }>();
  readonly failures: Failure[] = [];

  async call(op: string, base: string, method: string, p: string, opts: CallOptions, expected: number[]): Promise<ApiResponse | null> {
    const t0 = performance.now();
    let res: ApiResponse | null = null;
    try {
      res = await api(method, p, { ...opts, base });
    } catch (err) {
      this.failures.push({
        op,
        method,
        path: p,
        status: (err as Error).message,
        upstream: null,
        text: (err as { cause?: { code?: string } }).cause?.code ?? '',
      });
    }
    const entry = this.ops.get(op) ?? { n: 0, ms: [] };
    entry.n++;
    entry.ms.push(performance.now() - t0);
    this.ops.set(op, entry);
    if (res && !expected.includes(res.status)) {
      this.failures.push({
        op,
        method,
        path: p,
        status: res.status,
        upstream: res.headers.get('x-upstream'),
        text: res.text.slice(0, 300),
      });
    }
    return res && expected.includes(res.status) ? res : null;
  }

  total = () => [...this.ops.values()].reduce((s, e) => s + e.n, 0);

  table() {
    const p = (ms: number[], q: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
    return [...this.ops.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([op, e]) =>
          `${op.padEnd(22)} ${String(e.n).padStart(6)}  p50 ${p(e.ms, 0.5).toFixed(0).padStart(5)} ms  p95 ${p(e.ms, 0.95).toFixed(0).padStart(5)} ms`,
      )
      .join('\n');
  }
}

/** A small .h5p: a TrueFalse item without its library (installed already; a teacher never installs from a package). */
function smallPackage(title: string) {
  const data = contentPackage({ machineName: 'H5P.TrueFalse', params: SAMPLE_PARAMS['H5P.TrueFalse'], title, withLibrary: false });
  const f = new FormData();
  f.append('h5p', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'small.h5p');
  return f;
}

const mcParams = (marker: string) => ({ ...(SAMPLE_PARAMS['H5P.MultiChoice'] as object), question: `<p>Question ${marker}</p>` });

/** The people and the content of the load, made through the main test app (same database and DATA_DIR). */
async function seed() {
  await installTestLibraries();
  const people = await Promise.all(
    Array.from({ length: 3 + TEACHERS + LEARNERS }, (_, i) => signedIn([i < 3 + TEACHERS ? 'teacher' : 'student'])),
  );
  // the author of the marketplace items, a teacher who reads the checker's item, the checker
  const [author, reader, checker] = [people[0]!, people[1]!, people[2]!];
  const teachers: Teacher[] = people.slice(3, 3 + TEACHERS);
  const learners = people.slice(3 + TEACHERS);
  // premium: no monthly content quota, so imports and clones are never refused by the quota
  await Promise.all([author, checker, ...teachers].map((t) => setPlan(t.user.id, 'premium')));
  const publish = async (t: Teacher, id: string) => {
    const res = await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } });
    if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.text}`);
    return id;
  };
  const [market, own, watched] = await Promise.all([
    // the marketplace: public items of the author, played by the learners and cloned by the teachers
    Promise.all(
      ['H5P.MultiChoice', 'H5P.TrueFalse', 'H5P.Blanks'].map(async (m) =>
        publish(author, await createContent(author.token, m, { title: `Market ${m}` })),
      ),
    ),
    // each teacher's own item, edited under load
    Promise.all(teachers.map((t, i) => createContent(t.token, 'H5P.MultiChoice', { title: `Own ${i}` }))),
    // the checker's item, written on one instance and read on the other
    createContent(checker.token, 'H5P.MultiChoice', { title: 'Watched 0' }, mcParams('v0')).then((id) => publish(checker, id)),
  ]);
  return { author, reader, checker, teachers, learners, market, own, watched };
}

const BUCKET = 'lumen-scale-out';
const PICTURE = 'images/market-picture.png';

describe('two instances behind a round-robin proxy on one PostgreSQL, Redis and S3 file store', () => {
  let a: AppProcess;
  let b: AppProcess;
  let proxy: RoundRobin;
  let world: Awaited<ReturnType<typeof seed>>;
  let s3: S3StandIn;
  let bucket: S3FileStore;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    const env = scaleOutEnv({ idpUrl: inject('idpUrl'), hubUrl: inject('hubUrl'), dataDir: inject('appDataDir'), s3: { ...s3, bucket: BUCKET } });
    bucket = new S3FileStore({ endpoint: s3.endpoint, bucket: BUCKET, prefix: '', region: 'us-east-1', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true });
    // the instances start while the people and content are made
    [a, b, world] = await Promise.all([startApp(env, { waitForHealthy: true }), startApp(env, { waitForHealthy: true }), seed()]);
    // the seed installed the libraries through the main test app (its DATA_DIR): they move into the bucket as an
    // operator's `npm run files:copy` would; the first marketplace item gets a picture there, which clones copy
    const local = new LocalFileStore(path.join(inject('appDataDir'), 'h5p'));
    const moved = await copyBetweenStores(local, bucket, ['libraries/']);
    expect(moved.copied).toBeGreaterThan(0);
    await bucket.write(`content/${world.market[0]}/${PICTURE}`, Buffer.from('picture-bytes'));
    proxy = await startRoundRobin([a.url, b.url]);
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
  });

  it('compose.yaml runs this environment: every variable of the test is in its x-app-environment (the IdP ones commented)', () => {
    const compose = fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
    const block = compose.slice(compose.indexOf('x-app-environment:'), compose.indexOf('\nservices:'));
    const set = [...block.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    const commented = [...block.matchAll(/^ {2}# ?([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    const env = Object.keys(scaleOutEnv({ idpUrl: 'http://idp', hubUrl: 'http://hub', dataDir: '/data', s3: { endpoint: 'http://s3', bucket: 'b', accessKeyId: 'k', secretAccessKey: 's' } }));
    expect(set.sort()).toEqual(env.filter((k) => !(IDP_VARIABLES as readonly string[]).includes(k)).sort());
    expect(commented).toEqual(expect.arrayContaining([...IDP_VARIABLES]));
  });

  it('tells the content host (CONTENT_URL) apart by its Host header on every instance behind the proxy (issue 23 item 6)', async () => {
    const contentHost = new URL(scaleOutEnv({ idpUrl: 'http://idp', hubUrl: 'http://hub', dataDir: '/data', s3: { endpoint: 'http://s3', bucket: 'b', accessKeyId: 'k', secretAccessKey: 's' } }).CONTENT_URL!).host;
    const appHost = new URL(a.url).host;
    const token = await issuePlayerToken(world.learners[0]!.user.id, world.market[0]!);
    const get = (p: string, host: string) =>
      new Promise<{ status: number; csp: string; upstream: string }>((resolve, reject) => {
        http
          .get(`${proxy.url}${p}`, { headers: { host } }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, csp: String(res.headers['content-security-policy'] ?? ''), upstream: String(res.headers['x-upstream']) }));
          })
          .on('error', reject);
      });
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const page = await get(`/h5p/embed/${world.market[0]}?token=${encodeURIComponent(token)}`, contentHost);
      expect(page.status).toBe(200);
      expect(page.csp).toMatch(/sandbox [^;]*allow-same-origin/);
      upstreams.add(page.upstream);
      // the app's paths are not the content host's
      expect((await get('/api/health', contentHost)).status).toBe(404);
      // and the app's own host never gives the player its origin
      const onApp = await get(`/h5p/embed/${world.market[0]}?token=${encodeURIComponent(token)}`, appHost);
      expect(onApp.status).toBe(200);
      expect(onApp.csp).not.toContain('allow-same-origin');
    }
    expect(upstreams.size).toBe(2);
  });

  it(
    'serves 60 s of mixed load with 0 errors, coherent caches and results stored, then limits a split burst at exactly the tier',
    { timeout: LOAD_MS + 60_000 },
    async () => {
      const started = Date.now();
      const tally = new Tally();
      const via = proxy.url;

      const { reader, checker, teachers, learners, market, own, watched } = world;

      // --- the load
      const deadline = Date.now() + LOAD_MS;
      let finished = 0;
      /** the last score each learner posted for each item: `${contentId} ${userId}` → score */
      const lastScore = new Map<string, number>();
      const coherence = { rounds: 0, checks: 0, stale: [] as string[] };

      const teacherLoop = async (t: Teacher, mine: string, n: number) => {
        for (let round = 0; Date.now() < deadline; round++) {
          // a teacher's API client makes hundreds of calls in the minute: the limits are per user (issue 22 item 13)
          // and the burst below checks them; the load checks everything else
          await freshLimits(t.user.id);
          const ip = randomIp();
          const o = (extra: CallOptions = {}) => ({ token: t.token, ip, ...extra });
          await tally.call('list mine', via, 'GET', '/h5p/content', o(), [200]);
          await tally.call('list marketplace', via, 'GET', '/api/marketplace/public-contents', o(), [200]);
          await tally.call('read content', via, 'GET', `/h5p/content/${mine}`, o(), [200]);
          await tally.call(
            'edit',
            via,
            'PUT',
            `/h5p/content/${mine}`,
            o({
              body: {
                library: libraryString('H5P.MultiChoice'),
                params: mcParams(`t${n}r${round}`),
                metadata: { title: `Own ${n} (${round})` },
              },
            }),
            [200],
          );
          await tally.call('play (owner)', via, 'GET', `/h5p/play/${mine}`, o(), [200]);
          if (round % 2 === 0)
            await tally.call('import', via, 'POST', '/h5p/import', o({ body: smallPackage(`Imported ${n}.${round}`) }), [201]);
          else
            await tally.call(
              'clone',
              via,
              'POST',
              `/api/marketplace/public-contents/${market[round % market.length]}/clone`,
              o({ body: { title: `Clone ${n}.${round}` } }),
              [201],
            );
        }
      };

      const learnerLoop = async (learner: Teacher, n: number) => {
        for (let session = 0; Date.now() < deadline; session++) {
          const id = market[(n + session) % market.length]!;
          // one play session = one player token (what the content page hands a signed-in viewer)
          const token = await issuePlayerToken(learner.user.id, id);
          const ip = randomIp();
          const q = (p: string) => `${p}${p.includes('?') ? '&' : '?'}token=${token}`;
          await tally.call('player page', via, 'GET', q(`/h5p/embed/${id}`), { ip }, [200]);
          const model = await tally.call('player model', via, 'GET', q(`/h5p/play/${id}`), { ip }, [200]);
          for (const f of model
            ? [...(model.body.data.scripts as string[]).slice(0, 2), ...(model.body.data.styles as string[]).slice(0, 1)]
            : []) {
            await tally.call('player file', via, 'GET', f, { ip }, [200]);
          }
          await tally.call('state read', via, 'GET', q(`/h5p/contentUserData/${id}/state/0`), { ip }, [200]);
          await tally.call(
            'state save',
            via,
            'POST',
            q(`/h5p/contentUserData/${id}/state/0`),
            {
              ip,
              headers: form,
              body: new URLSearchParams({ data: JSON.stringify({ s: session }), preload: '1', invalidate: '0' }).toString(),
            },
            [200],
          );
          const now = Math.floor(Date.now() / 1000);
          const done = await tally.call(
            'result',
            via,
            'POST',
            q('/h5p/finishedData'),
            {
              ip,
              headers: form,
              body: new URLSearchParams({
                contentId: id,
                score: String(session % 2),
                maxScore: '1',
                opened: String(now - 30),
                finished: String(now),
              }).toString(),
            },
            [200],
          );
          if (done) {
            finished++;
            lastScore.set(`${id} ${learner.user.id}`, session % 2);
          }
        }
      };

      /** Writes on one instance and reads the new state at once on the other (directly, not through the proxy). */
      const checkerLoop = async () => {
        const expectOn = (what: string, ok: boolean) => {
          coherence.checks++;
          if (!ok) coherence.stale.push(what);
        };
        for (let i = 1; Date.now() < deadline; i++) {
          await freshLimits(checker.user.id, reader.user.id);
          coherence.rounds++;
          const [w, r] = i % 2 ? [a, b] : [b, a];
          const ip = randomIp();
          const marker = `v${i}x${Date.now().toString(36)}`;
          // a content edit
          const put = await tally.call(
            'check: edit',
            w.url,
            'PUT',
            `/h5p/content/${watched}`,
            {
              token: checker.token,
              ip,
              body: { library: libraryString('H5P.MultiChoice'), params: mcParams(marker), metadata: { title: `Watched ${i}` } },
            },
            [200],
          );
          if (put) {
            const info = await tally.call('check: read', r.url, 'GET', `/h5p/content/${watched}`, { token: reader.token, ip }, [200]);
            expectOn(`edit ${i}: title on the other instance`, info?.body.data.title === `Watched ${i}`);
            const params = await tally.call('check: params', r.url, 'GET', `/h5p/params/${watched}`, { token: reader.token, ip }, [200]);
            expectOn(`edit ${i}: parameters on the other instance`, params?.text.includes(marker) === true);
            const model = await tally.call('check: play', r.url, 'GET', `/h5p/play/${watched}`, { token: reader.token, ip }, [200]);
            expectOn(`edit ${i}: player model on the other instance`, model?.text.includes(marker) === true);
            const playerToken = await issuePlayerToken(reader.user.id, watched);
            const embedded = await tally.call('check: play', r.url, 'GET', `/h5p/play/${watched}?token=${playerToken}`, { ip }, [200]);
            expectOn(`edit ${i}: player model (player token) on the other instance`, embedded?.text.includes(marker) === true);
          }
          // visibility: private on one instance → another teacher is refused at once on the other, and back
          if (
            await tally.call(
              'check: visibility',
              w.url,
              'PATCH',
              `/h5p/content/${watched}/visibility`,
              { token: checker.token, ip, body: { visibility: 'private' } },
              [200],
            )
          ) {
            const hidden = await tally.call(
              'check: read',
              r.url,
              'GET',
              `/h5p/content/${watched}`,
              { token: reader.token, ip },
              [200, 404],
            );
            expectOn(`visibility ${i}: private on the other instance`, hidden?.status === 404);
          }
          if (
            await tally.call(
              'check: visibility',
              r.url,
              'PATCH',
              `/h5p/content/${watched}/visibility`,
              { token: checker.token, ip, body: { visibility: 'public' } },
              [200],
            )
          ) {
            const shown = await tally.call('check: read', w.url, 'GET', `/h5p/content/${watched}`, { token: reader.token, ip }, [200, 404]);
            expectOn(`visibility ${i}: public again on the first instance`, shown?.status === 200);
          }
          // the user's own preferences: saved on one instance, read on the other
          const language = i % 2 ? 'de' : 'en';
          if (
            await tally.call(
              'check: preferences',
              w.url,
              'PUT',
              '/api/auth/me/preferences',
              { token: checker.token, ip, body: { language } },
              [200],
            )
          ) {
            const prefs = await tally.call(
              'check: preferences',
              r.url,
              'GET',
              '/api/auth/me/preferences',
              { token: checker.token, ip },
              [200],
            );
            expectOn(`user ${i}: language on the other instance`, prefs?.body.data.language === language);
          }
          // the plan (changed in the database, as billing would): both instances answer the new plan at once
          const plan = i % 2 ? 'pro' : 'premium';
          await setPlan(checker.user.id, plan);
          for (const inst of [a, b]) {
            const me = await tally.call('check: plan', inst.url, 'GET', '/api/auth/me', { token: checker.token, ip }, [200]);
            expectOn(`plan ${i}: ${plan} on ${inst === a ? 'A' : 'B'}`, me?.body.data.user.plan === plan);
          }
        }
      };

      const loadStart = Date.now();
      await Promise.all([
        ...teachers.map((t, n) => teacherLoop(t, own[n]!, n)),
        ...learners.map((l, n) => learnerLoop(l, n)),
        checkerLoop(),
      ]);
      const loadMs = Date.now() - loadStart;
      const loadRequests = tally.total();

      // --- a burst past the API tier (100 per user), split across both instances by the proxy
      const burstIp = randomIp();
      await freshLimits(reader.user.id);
      const burst = await Promise.all(
        Array.from({ length: 110 }, () => api('GET', '/api/auth/me', { base: via, ip: burstIp, token: reader.token })),
      );
      const ok = burst.filter((r) => r.status === 200);
      const limited = burst.filter((r) => r.status === 429);
      const okBy = [0, 1].map((i) => ok.filter((r) => r.headers.get('x-upstream') === String(i)).length);
      const limitedBy = [0, 1].map((i) => limited.filter((r) => r.headers.get('x-upstream') === String(i)).length);
      // the AUTH tier (10 per address), one login at a time, alternating between the instances
      const authIp = randomIp();
      const logins: number[] = [];
      for (let i = 0; i < 12; i++)
        logins.push(
          (await api('POST', '/api/auth/login', { base: via, ip: authIp, body: { email: 'nobody@example.test', password: 'x' } })).status,
        );

      const summary = [
        `load ${(loadMs / 1000).toFixed(1)} s: ${loadRequests} requests (${(loadRequests / (loadMs / 1000)).toFixed(1)}/s), through the proxy A ${proxy.counts[0]} / B ${proxy.counts[1]}`,
        `failures ${tally.failures.length}; coherence rounds ${coherence.rounds}, checks ${coherence.checks}, stale ${coherence.stale.length}; results posted ${finished}`,
        `API burst of 110: 200 × ${ok.length} (A ${okBy[0]}, B ${okBy[1]}), 429 × ${limited.length} (A ${limitedBy[0]}, B ${limitedBy[1]}); AUTH logins: ${logins.join(' ')}`,
        tally.table(),
        `whole test ${((Date.now() - started) / 1000).toFixed(1)} s`,
      ].join('\n');
      console.log(summary);

      expect(tally.failures).toEqual([]);
      expect(coherence.stale).toEqual([]);
      // every kind of work really ran, on both instances
      for (const op of [
        'list mine',
        'list marketplace',
        'read content',
        'edit',
        'import',
        'clone',
        'player page',
        'player model',
        'player file',
        'state save',
        'result',
      ]) {
        expect(tally.ops.get(op)?.n ?? 0, op).toBeGreaterThan(0);
      }
      // written on A and read on B, and the other way round, at least once each
      expect(coherence.rounds).toBeGreaterThanOrEqual(2);
      expect(Math.abs(proxy.counts[0]! - proxy.counts[1]!)).toBeLessThanOrEqual(1);
      // every result posted is stored: one row per learner and item, holding the score posted last
      const rows = await db().h5pFinishedData.findMany({
        where: { contentId: { in: market }, userId: { in: learners.map((l) => l.user.id) } },
        select: { contentId: true, userId: true, score: true },
      });
      expect(new Map(rows.map((r) => [`${r.contentId} ${r.userId}`, r.score]))).toEqual(lastScore);
      // exactly the limit, counted across the instances
      expect(ok).toHaveLength(100);
      expect(limited).toHaveLength(10);
      expect(okBy[0]).toBeGreaterThan(0);
      expect(okBy[1]).toBeGreaterThan(0);
      expect(limited.every((r) => r.body.error === 'Too many requests. Please try again later.')).toBe(true);
      expect(logins).toEqual([...Array(10).fill(401), 429, 429]);

      // the files written under load are in the shared bucket, none in the shared DATA_DIR (clones copied the picture)
      const pictureClones = await db().contentClone.findMany({
        where: { sourceContentId: world.market[0], userId: { in: teachers.map((t) => t.user.id) } },
        select: { cloneContentId: true },
      });
      expect(pictureClones.length).toBeGreaterThan(0);
      for (const c of pictureClones) {
        expect((await bucket.readBuffer(`content/${c.cloneContentId}/${PICTURE}`))?.toString()).toBe('picture-bytes');
        expect(fs.existsSync(path.join(inject('appDataDir'), 'h5p', 'content', c.cloneContentId!))).toBe(false);
      }
    },
  );
});
