// Crash injection (issue 22, items 6 and 7): an instance killed in the middle of creating content or of an AI job
// item leaves either nothing visible or a fully owned item, the content quota and the AI credits count exactly what
// was made, and the restarted instance sweeps the abandoned scratch folders and upload temp files.
// TEST_PAUSE_AT (lib/test-pause.ts, only with E2E_TEST_CODE) makes the first instance stop at the dangerous point.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { aiAppEnv, aiUsed } from '../support/ai-app';
import { startAiStandin, type AiStandin } from '../support/ai-standin';
import { startApp } from '../support/app-process';
import { signedIn } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { installTestLibraries } from '../support/h5p';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';
import { api } from '../support/http';

let tmpDir: string;

beforeAll(async () => {
  await installTestLibraries();
  // the instances' own temporary folder: what a restart sweeps is only theirs (other suites share the machine's)
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-crash-tmp-'));
});

afterAll(() => {
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

function form(data: Buffer) {
  const f = new FormData();
  f.append('h5p', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'content.h5p');
  return f;
}

const dataDir = () => inject('appDataDir');
const listDir = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
const contentDirs = () => listDir(path.join(dataDir(), 'h5p', 'content'));

/** What a crash could leave behind: scratch folders of imports and multipart upload folders. */
const strays = () => ({
  imports: listDir(path.join(dataDir(), 'h5p', 'imports')),
  uploads: listDir(tmpDir).filter((f) => f.startsWith('lumen-upload-')),
});

/** The user's content rows, and whether each has its owner. */
async function contentOf(userId: string) {
  const rows = await db().h5pContent.findMany({ where: { creatorId: userId }, select: { id: true, ownership: { select: { userId: true } } } });
  const owned = await db().contentOwnership.count({ where: { userId } });
  const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
  return { unowned: rows.filter((r) => !r.ownership).map((r) => r.id), owned, quota: user.contentsCreatedThisMonth };
}

describe('an instance killed while it imports a package', () => {
  it('leaves no content without an owner, a quota equal to the owned items and no stray files after a restart', async () => {
    const env = { ...appEnv(inject('idpUrl')), DATA_DIR: dataDir(), TMPDIR: tmpDir, E2E_TEST_CODE: 'crash-test', ABANDONED_UPLOAD_AGE_MS: '0' };
    const marker = path.join(dataDir(), 'paused-at-content-row-written');
    fs.rmSync(marker, { force: true });
    // the instance that dies keeps the usual age: its own start-up sweep (a moment after it is ready) would otherwise
    // remove the live import's scratch folder before the import reaches the pause point (seen on Node 24, which starts faster)
    const first = await startApp({ ...env, ABANDONED_UPLOAD_AGE_MS: '3600000', TEST_PAUSE_AT: 'content-row-written' }, { waitForHealthy: true });
    const t = await signedIn(['teacher']);
    const dirsBefore = new Set(contentDirs());
    const pkg = contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title: 'Crashed import', media: { 'images/pic.png': Buffer.from('fake-png') } });
    const request = api('POST', '/h5p/import', { token: t.token, body: form(pkg), base: first.url }).catch(() => null);
    try {
      await expect.poll(() => fs.existsSync(marker), { timeout: 30_000, interval: 100 }).toBe(true);
    } finally {
      process.kill(first.pid, 'SIGKILL');
    }
    expect(await request).toBeNull(); // the connection died with the instance
    fs.rmSync(marker, { force: true });

    const second = await startApp(env, { waitForHealthy: true });
    try {
      // nothing without its owner; the quota counts exactly the owned items
      const after = await contentOf(t.user.id);
      expect(after.unowned).toEqual([]);
      expect(after.quota).toBe(after.owned);
      // the restart swept the import's scratch folder, the upload's temporary folder and any uncommitted files
      await expect.poll(strays, { timeout: 20_000, interval: 250 }).toEqual({ imports: [], uploads: [] });
      const rows = new Set((await db().h5pContent.findMany({ select: { id: true } })).map((r) => r.id));
      expect(contentDirs().filter((d) => !dirsBefore.has(d) && !rows.has(d))).toEqual([]);

      // the restarted instance imports as before: one owned item, one quota unit
      const again = await api('POST', '/h5p/import', { token: t.token, body: form(pkg), base: second.url });
      expect(again.status, again.text).toBe(201);
      const done = await contentOf(t.user.id);
      expect(done.unowned).toEqual([]);
      expect([done.owned, done.quota]).toEqual([after.owned + 1, after.owned + 1]);
      expect(strays()).toEqual({ imports: [], uploads: [] });
    } finally {
      await second.stop();
    }
  }, 180_000);
});

describe('an instance killed while an AI job item runs', () => {
  let ai: AiStandin;
  beforeAll(async () => {
    ai = await startAiStandin();
    ai.answer = 'auto';
  });
  afterAll(async () => {
    await ai?.close();
  });

  it("charges each item's credit once across the takeover: credits equal the items made", async () => {
    const env = aiAppEnv(ai, { AI_JOB_LEASE_SECONDS: '4' });
    const first = await startApp(env, { waitForHealthy: true });
    const t = await signedIn(['teacher']);
    const items = Array.from({ length: 4 }, (_, i) => ({ contentType: 'H5P.TrueFalse', topic: `Crash topic ${i + 1}` }));
    ai.delayMs = 1_500;
    let second: Awaited<ReturnType<typeof startApp>> | undefined;
    try {
      const res = await api('POST', '/api/ai/jobs/bulk', { token: t.token, body: { items }, base: first.url });
      expect(res.status, res.text).toBe(202);
      const calls = ai.requests.length;
      // the second item is with the provider: its credit is taken, its result not yet recorded
      await expect.poll(() => ai.requests.length - calls, { timeout: 40_000, interval: 50 }).toBeGreaterThanOrEqual(2);
      process.kill(first.pid, 'SIGKILL');
      ai.delayMs = 200;
      second = await startApp(env, { waitForHealthy: true });
      let job: any;
      await expect
        .poll(async () => (job = (await api('GET', `/api/ai/jobs/${res.body.data.id}`, { token: t.token, base: second!.url })).body.data).status, { timeout: 90_000, interval: 250 })
        .toBe('completed');
      expect(job.progress).toEqual({ done: 4, total: 4 });
      const made = job.results.filter((r: { contentId?: string }) => r.contentId);
      expect(made).toHaveLength(4);
      expect(await aiUsed(t.user.id)).toBe(4);
      const content = await contentOf(t.user.id);
      expect(content.unowned).toEqual([]);
      expect(content.quota).toBe(content.owned);
    } finally {
      ai.delayMs = 0;
      await first.stop();
      await second?.stop();
    }
  }, 180_000);
});
