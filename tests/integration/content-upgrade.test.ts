// Issue 28 item 1 over real HTTP: server-side mass content upgrade with the project's own test libraries
// (tests/fixtures/h5p-libraries-upgrade): Lumen Cards 1.0 → 1.1, whose upgrades.js renames a field and rewrites its
// sub-content, and Lumen Card 1.0 → 1.1 (the sub-content's own hook); Lumen Hostile 1.1, whose hook misbehaves in
// every way the sandbox must contain. Runs alone (SERIAL_FILES): it installs content types and runs hooks that spin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createTenant, signedIn, signedInTenant } from '../support/factories';
import { api } from '../support/http';
import { lumenCardsPackage, lumenHostilePackage } from '../support/h5p-packages';

type Json = Record<string, any>;

async function importPkg(token: string, pkg: Buffer): Promise<string> {
  const fd = new FormData();
  fd.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'content.h5p');
  const res = await api('POST', '/h5p/import', { token, body: fd });
  expect(res.status, res.text.slice(0, 300)).toBe(201);
  return res.body.data.contentId as string;
}

async function waitForJob(token: string, jobId: string, ms = 90_000): Promise<Json> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await api('GET', `/api/admin/content-upgrades/${jobId}`, { token });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    if (!['queued', 'running'].includes(res.body.data.status)) return res.body.data;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${res.body.data.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function itemsOf(token: string, jobId: string): Promise<Json[]> {
  const res = await api('GET', `/api/admin/content-upgrades/${jobId}/items?limit=200`, { token });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res.body.data;
}

const contentRow = (id: string) =>
  db().h5pContent.findUniqueOrThrow({ where: { id }, select: { parameters: true, metadata: true, updatedAt: true } });
const mainVersion = (metadata: any) => {
  const d = metadata.preloadedDependencies.find((x: any) => x.machineName === metadata.mainLibrary);
  return `${d.majorVersion}.${d.minorVersion}`;
};

let superToken: string;
let tenantId: string;
let adminToken: string;
let teacherToken: string;
const items: string[] = [];
let otherSchoolItem: string;
const hostile: Record<string, string> = {};
const marker = path.join(os.tmpdir(), `lumen-upgrade-escape-${randomUUID()}`);

beforeAll(async () => {
  superToken = (await signedIn(['super_admin'])).token;
  // the super admin's imports install the 1.0 libraries
  await importPkg(superToken, lumenCardsPackage('1.0', { title: 'Installs Lumen Cards 1.0' }));
  await importPkg(superToken, lumenHostilePackage('1.0', 'none', { title: 'Installs Lumen Hostile 1.0' }));
  tenantId = (await createTenant()).id;
  adminToken = (await signedInTenant(['school_admin'], tenantId)).token;
  teacherToken = (await signedInTenant(['teacher'], tenantId)).token;
  // a teacher's items on 1.0 (the package brings no libraries: 1.0 is installed)
  for (const [i, q] of ['Which body?', 'What orbits?', 'Name it'].entries()) {
    items.push(await importPkg(teacherToken, lumenCardsPackage('1.0', { title: `Cards ${i}`, question: q, withLibraries: false })));
  }
  for (const mode of ['escape', 'throw', 'silent', 'loop', 'memory', 'none']) {
    hostile[mode] = await importPkg(teacherToken, lumenHostilePackage('1.0', mode, { marker, withLibraries: false }));
  }
  // another school's item, out of this school's admin's reach
  const other = await createTenant();
  otherSchoolItem = await importPkg(
    (await signedInTenant(['teacher'], other.id)).token,
    lumenCardsPackage('1.0', { title: 'Other school', withLibraries: false }),
  );
  // then the super admin installs 1.1 (with content of its own, made on 1.1)
  await importPkg(superToken, lumenCardsPackage('1.1', { title: 'Installs Lumen Cards 1.1' }));
  await importPkg(superToken, lumenHostilePackage('1.1', 'none', { title: 'Installs Lumen Hostile 1.1' }));
}, 180_000);

describe('the content versions an admin sees (GET /api/admin/content-upgrades)', () => {
  it('counts the school’s items per version, with the newest installed version and how many an upgrade reaches', async () => {
    const res = await api('GET', '/api/admin/content-upgrades', { token: adminToken });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const cards = res.body.data.types.find((t: Json) => t.machineName === 'H5P.LumenCards');
    expect(cards).toMatchObject({
      newest: '1.1',
      installed: ['1.1', '1.0'],
      versions: [{ version: '1.0', items: 3, installed: true }],
      upgradable: 3,
    });
    expect(res.body.data.types.find((t: Json) => t.machineName === 'H5P.LumenHostile')).toMatchObject({ upgradable: 6 });
  });

  it('is for admins: 403 Admin access required for a teacher', async () => {
    const res = await api('GET', '/api/admin/content-upgrades', { token: teacherToken });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Admin access required' });
  });
});

describe('a dry run', () => {
  it('records per item what would change, as a diff of the parameters, and writes nothing', async () => {
    const before = await Promise.all(items.map(contentRow));
    const revisionsBefore = await db().contentRevision.count({ where: { contentId: { in: items } } });
    const start = await api('POST', '/api/admin/content-upgrades', {
      token: adminToken,
      body: { machineName: 'H5P.LumenCards', dryRun: true },
    });
    expect(start.status, start.text.slice(0, 300)).toBe(202);
    expect(start.body.data).toMatchObject({ machineName: 'H5P.LumenCards', toVersion: '1.1', dryRun: true, total: 3, tenantId });
    const job = await waitForJob(adminToken, start.body.data.id);
    expect(job).toMatchObject({ status: 'completed', total: 3, done: 3, upgraded: 3, unchanged: 0, failed: 0 });
    const list = await itemsOf(adminToken, job.id);
    expect(list.map((i) => i.contentId).sort()).toEqual([...items].sort());
    const first = list.find((i) => i.contentId === items[0])!;
    expect(first).toMatchObject({ status: 'upgraded', fromVersion: '1.0', error: null, revisionId: null });
    const paths = first.changes.map((c: Json) => `${c.kind} ${c.path}`);
    // the renamed field, the sub-content's renamed sides, and the sub-content's version
    expect(paths).toEqual(
      expect.arrayContaining([
        'removed params.question',
        'added params.prompt',
        'changed params.cards[0].library',
        'added params.cards[0].params.front',
        'removed params.cards[0].params.text',
      ]),
    );
    expect(first.changes.find((c: Json) => c.path === 'params.cards[0].library')).toMatchObject({
      before: 'H5P.LumenCard 1.0',
      after: 'H5P.LumenCard 1.1',
    });
    // nothing written
    expect(await Promise.all(items.map(contentRow))).toEqual(before);
    expect(await db().contentRevision.count({ where: { contentId: { in: items } } })).toBe(revisionsBefore);
  });
});

describe('the upgrade', () => {
  let jobId: string;

  it('upgrades every item of the school with the type’s own hooks, sub-content included, each keeping a revision', async () => {
    const start = await api('POST', '/api/admin/content-upgrades', {
      token: adminToken,
      body: { machineName: 'H5P.LumenCards', toVersion: '1.1' },
    });
    expect(start.status, start.text.slice(0, 300)).toBe(202);
    expect(start.body.message).toBe('Upgrade queued');
    jobId = start.body.data.id;
    const job = await waitForJob(adminToken, jobId);
    expect(job).toMatchObject({ status: 'completed', total: 3, done: 3, upgraded: 3, failed: 0, dryRun: false });
    const row = await contentRow(items[0]!);
    expect(mainVersion(row.metadata)).toBe('1.1');
    expect((row.metadata as Json).preloadedDependencies).toEqual(
      expect.arrayContaining([
        { machineName: 'H5P.LumenCards', majorVersion: 1, minorVersion: 1 },
        { machineName: 'H5P.LumenCard', majorVersion: 1, minorVersion: 1 },
      ]),
    );
    expect((row.metadata as Json).preloadedDependencies.some((d: Json) => d.minorVersion === 0)).toBe(false);
    const params = row.parameters as Json;
    expect(params.question).toBeUndefined();
    expect(params.prompt).toBe('Which body?');
    // the main hook rewrote the sub-content (front trimmed, titles numbered), then the card's own hook renamed its sides
    expect(params.cards[0]).toMatchObject({
      library: 'H5P.LumenCard 1.1',
      params: { front: 'Sun', back: 'a star' },
      metadata: { title: 'Card 1' },
    });
    expect(params.cards[0].params.text).toBeUndefined();
    const list = await itemsOf(adminToken, jobId);
    for (const i of list) expect(i.revisionId).toMatch(/^[0-9a-f-]{36}$/);
    // the revision: kind upgrade, by the admin, with a note; the one before still holds the 1.0 parameters
    const revs = await db().contentRevision.findMany({ where: { contentId: items[0]! }, orderBy: { number: 'desc' }, take: 2 });
    expect(revs[0]).toMatchObject({ kind: 'upgrade', note: 'Upgraded H5P.LumenCards 1.0 → 1.1' });
    expect((revs[1]!.parameters as Json).question).toBe('Which body?');
  });

  it('plays the upgraded item on the new version', async () => {
    const res = await api('GET', `/h5p/play/${items[0]}`, { token: teacherToken });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const model = JSON.stringify(res.body);
    expect(model).toContain('H5P.LumenCards-1.1');
    expect(model).not.toContain('H5P.LumenCards-1.0');
  });

  it('can be undone: restoring the revision before the upgrade brings the 1.0 item back', async () => {
    const revs = await db().contentRevision.findMany({ where: { contentId: items[1]! }, orderBy: { number: 'desc' }, take: 2 });
    const res = await api('POST', `/h5p/content/${items[1]}/revisions/${revs[1]!.id}/restore`, { token: teacherToken, body: {} });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const row = await contentRow(items[1]!);
    expect(mainVersion(row.metadata)).toBe('1.0');
    expect((row.parameters as Json).question).toBe('What orbits?');
  });

  it('reached only the school’s items: another school’s item stays on 1.0', async () => {
    expect(mainVersion((await contentRow(otherSchoolItem)).metadata)).toBe('1.0');
  });

  it('answers 400 when nothing in scope is older, 404 for a version that is not installed, 404 for another school’s job', async () => {
    // the restored item is on 1.0 again: one item to upgrade; after that, nothing
    const again = await api('POST', '/api/admin/content-upgrades', { token: adminToken, body: { machineName: 'H5P.LumenCards' } });
    expect(again.status, again.text.slice(0, 300)).toBe(202);
    expect(again.body.data.total).toBe(1);
    await waitForJob(adminToken, again.body.data.id);
    const nothing = await api('POST', '/api/admin/content-upgrades', { token: adminToken, body: { machineName: 'H5P.LumenCards' } });
    expect(nothing.status).toBe(400);
    expect(nothing.body).toEqual({
      success: false,
      error: 'Nothing to upgrade: no content in your scope uses an older version of H5P.LumenCards',
    });
    const missing = await api('POST', '/api/admin/content-upgrades', {
      token: adminToken,
      body: { machineName: 'H5P.LumenCards', toVersion: '1.7' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: 'Content type H5P.LumenCards 1.7 is not installed' });
    const bad = await api('POST', '/api/admin/content-upgrades', {
      token: adminToken,
      body: { machineName: 'H5P.LumenCards', toVersion: 'latest' },
    });
    expect(bad.status).toBe(400);
    const otherAdmin = (await signedInTenant(['school_admin'], (await createTenant()).id)).token;
    const foreign = await api('GET', `/api/admin/content-upgrades/${jobId}`, { token: otherAdmin });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, error: 'Upgrade job not found' });
  });
});

describe('the sandbox', () => {
  it('contains a hostile upgrade hook: each misbehaving item fails alone with its reason, nothing escapes, the rest is upgraded', async () => {
    const start = await api('POST', '/api/admin/content-upgrades', { token: adminToken, body: { machineName: 'H5P.LumenHostile' } });
    expect(start.status, start.text.slice(0, 300)).toBe(202);
    const job = await waitForJob(adminToken, start.body.data.id, 120_000);
    expect(job).toMatchObject({ status: 'completed_with_errors', total: 6, upgraded: 2, failed: 4 });
    const byId = new Map((await itemsOf(adminToken, job.id)).map((i) => [i.contentId, i]));
    expect(byId.get(hostile.throw!)).toMatchObject({
      status: 'failed',
      error: 'The upgrade hook of H5P.LumenHostile 1.1 failed: hostile hook threw',
    });
    expect(byId.get(hostile.silent!)).toMatchObject({ status: 'failed', error: 'The upgrade hook never reported that it finished' });
    expect(byId.get(hostile.loop!)).toMatchObject({ status: 'failed', error: 'The upgrade took too long and was stopped' });
    expect(byId.get(hostile.memory!)?.status).toBe('failed');
    expect(byId.get(hostile.memory!)?.error).toMatch(/^The upgrade (ran out of memory|took too long) and was stopped$/);
    // failed items are left untouched
    for (const mode of ['throw', 'silent', 'loop', 'memory']) expect(mainVersion((await contentRow(hostile[mode]!)).metadata)).toBe('1.0');
    // the escape attempts: every one blocked, no file written
    expect(byId.get(hostile.escape!)?.status).toBe('upgraded');
    const tried = ((await contentRow(hostile.escape!)).parameters as Json).tried as string[];
    expect(tried).toEqual([
      'process:blocked',
      'require:blocked',
      'constructor:blocked',
      'callback:blocked',
      'eval:blocked',
      'fetch:blocked',
    ]);
    expect(fs.existsSync(marker)).toBe(false);
    expect(byId.get(hostile.none!)?.status).toBe('upgraded');
    // the service is fine
    expect((await api('GET', '/api/health')).status).toBe(200);
  }, 150_000);
});

describe('a super admin', () => {
  it('upgrades every school’s items; a second upgrade of the type while one runs is 409', async () => {
    const start = await api('POST', '/api/admin/content-upgrades', { token: superToken, body: { machineName: 'H5P.LumenCards' } });
    expect(start.status, start.text.slice(0, 300)).toBe(202);
    expect(start.body.data.tenantId).toBeNull();
    const second = await api('POST', '/api/admin/content-upgrades', {
      token: adminToken,
      body: { machineName: 'H5P.LumenCards', dryRun: true },
    });
    if (second.status === 409) expect(second.body).toEqual({ success: false, error: 'An upgrade of H5P.LumenCards is already running' });
    else expect(second.status).toBe(400); // the super admin's job already finished: nothing left in the school
    const job = await waitForJob(superToken, start.body.data.id);
    expect(job.status).toBe('completed');
    expect(mainVersion((await contentRow(otherSchoolItem)).metadata)).toBe('1.1');
  });
});

describe('upgrade on import', () => {
  it('imports content made on 1.0 as 1.1 when 1.1 is installed, also when the package does not bring 1.0', async () => {
    const id = await importPkg(
      teacherToken,
      lumenCardsPackage('1.0', { title: 'Old package', question: 'Upgraded on import?', withLibraries: false }),
    );
    const row = await contentRow(id);
    expect(mainVersion(row.metadata)).toBe('1.1');
    expect(row.parameters).toMatchObject({ prompt: 'Upgraded on import?' });
    expect((row.parameters as Json).cards[0]).toMatchObject({ library: 'H5P.LumenCard 1.1', params: { front: 'Sun', back: 'a star' } });
    const rev = await db().contentRevision.findFirstOrThrow({ where: { contentId: id }, orderBy: { number: 'desc' } });
    expect(rev).toMatchObject({ kind: 'import', note: 'Upgraded on import from H5P.LumenCards 1.0 to 1.1' });
    const withLibs = await importPkg(superToken, lumenCardsPackage('1.0', { title: 'Old package with its libraries' }));
    expect(mainVersion((await contentRow(withLibs)).metadata)).toBe('1.1');
  });

  it('refuses content whose upgrade fails, with the reason and nothing left behind', async () => {
    const count = await db().h5pContent.count();
    const fd = new FormData();
    fd.append(
      'h5p',
      new Blob([new Uint8Array(lumenHostilePackage('1.0', 'throw', { withLibraries: false }))], { type: 'application/zip' }),
      'content.h5p',
    );
    const res = await api('POST', '/h5p/import', { token: teacherToken, body: fd });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error:
        "The package's content could not be upgraded to H5P.LumenHostile 1.1: The upgrade hook of H5P.LumenHostile 1.1 failed: hostile hook threw",
    });
    expect(await db().h5pContent.count()).toBe(count);
  });
});
