// Issue 7 items 2–4: one content read rule on every route that returns content (API, player, AJAX, files,
// quality, export), restricted collection items that show nothing, and admins who are admins of their own tenant.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createTenant, newLibraryPackage, signedIn, signedInTenant, uniqueWord } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { SAMPLE_PARAMS, zip } from '../support/h5p-packages';

type Caller = { token: string; user: { id: string; name: string } };

let tenantA: string;
let tenantB: string;
let ownerB: Caller; // teacher of tenant B who owns the fixtures
let teacherB: Caller; // another teacher of the same tenant
let studentB: Caller;
let adminA: Caller; // tenant_admin of another tenant
let adminB: Caller; // tenant_admin of the owner's tenant
let schoolAdminA: Caller;
let superAdmin: Caller;
let privateId: string;

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const publish = async (token: string, id: string) =>
  expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token, body: { visibility: 'public' } })).status).toBe(200);
const notFound = { success: false, error: 'Content not found' };

beforeAll(async () => {
  await installTestLibraries();
  tenantA = (await createTenant()).id;
  tenantB = (await createTenant()).id;
  [ownerB, teacherB, studentB, adminA, adminB, schoolAdminA, superAdmin] = await Promise.all([
    signedInTenant(['teacher'], tenantB),
    signedInTenant(['teacher'], tenantB),
    signedInTenant(['student'], tenantB),
    signedInTenant(['tenant_admin'], tenantA),
    signedInTenant(['tenant_admin'], tenantB),
    signedInTenant(['school_admin'], tenantA),
    signedIn(['super_admin']),
  ]);
  privateId = await createContent(ownerB.token, 'H5P.TrueFalse', { title: 'Private quiz' });
});

describe('GET /h5p/params/:id and /h5p/download/:id (item 2)', () => {
  it.each(['params', 'download'])('/h5p/%s refuses another user’s private content in any tenant with 404 Content not found', async (kind) => {
    for (const who of [teacherB, studentB, adminA, schoolAdminA]) {
      const res = await api('GET', `/h5p/${kind}/${privateId}`, { token: who.token });
      expect([who.user.id, res.status, res.body]).toEqual([who.user.id, 404, notFound]);
    }
    for (const who of [ownerB, adminB, superAdmin]) {
      const res = await api('GET', `/h5p/${kind}/${privateId}`, { token: who.token });
      expect([who.user.id, res.status]).toEqual([who.user.id, 200]);
    }
  });

  it('serves the parameters and the package of public content to any signed-in user', async () => {
    const id = await createContent(ownerB.token, 'H5P.TrueFalse', { title: 'Public quiz' });
    await publish(ownerB.token, id);
    const params = await api('GET', `/h5p/params/${id}`, { token: adminA.token });
    expect(params.status).toBe(200);
    expect(params.body.params.params).toEqual(SAMPLE_PARAMS['H5P.TrueFalse']);
    const dl = await fetch(`${inject('appUrl')}/h5p/download/${id}`, { headers: { Authorization: `Bearer ${studentB.token}` } });
    expect(dl.status).toBe(200);
    expect(Buffer.from(await dl.arrayBuffer()).subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('answers 404 for unknown content', async () => {
    expect((await api('GET', '/h5p/params/no-such-content', { token: superAdmin.token })).body).toEqual(notFound);
    expect((await api('GET', '/h5p/download/no-such-content', { token: superAdmin.token })).body).toEqual(notFound);
  });
});

describe('the same read rule on every route that returns content', () => {
  it('refuses a cross-tenant admin and a student everywhere, and lets the admin of the owner’s tenant in', async () => {
    // new content gets its quality report in the background: take it away so a refused caller's write would show
    await expect.poll(() => db().contentQualityReport.count({ where: { contentId: privateId } }), { timeout: 10_000 }).toBe(1);
    await db().contentQualityReport.deleteMany({ where: { contentId: privateId } });
    for (const who of [adminA, studentB]) {
      const denied: [string, string, number, unknown][] = [];
      const check = async (method: string, p: string, opts: { body?: string; headers?: Record<string, string> } = {}) => {
        const res = await api(method, p, { token: who.token, ...opts });
        denied.push([method, p, res.status, res.body]);
      };
      await check('GET', `/h5p/content/${privateId}`);
      await check('GET', `/h5p/play/${privateId}`);
      await check('GET', `/h5p/embed/${privateId}`);
      await check('GET', `/h5p/contentUserData/${privateId}/state/0`);
      await check('POST', `/h5p/contentUserData/${privateId}/state/0`, { body: 'data=%7B%7D&preload=1&invalidate=0', headers: form });
      await check('POST', '/h5p/finishedData', { body: `contentId=${privateId}&score=1&maxScore=1&opened=1&finished=2`, headers: form });
      await check('GET', `/h5p/content/${privateId}/quality`);
      expect(denied).toEqual(denied.map(([m, p]) => [m, p, 404, notFound]));
    }
    // nothing was written for the refused callers
    expect(await db().h5pFinishedData.count({ where: { contentId: privateId } })).toBe(0);
    expect(await db().h5pContentUserData.count({ where: { contentId: privateId } })).toBe(0);
    expect(await db().contentQualityReport.count({ where: { contentId: privateId } })).toBe(0);
    // a teacher-level route: the editor model
    const edit = await api('GET', `/h5p/edit/${privateId}`, { token: adminA.token });
    expect([edit.status, edit.body]).toEqual([404, notFound]);
    // export keeps its 403
    const exp = await api('GET', `/h5p/content/${privateId}/export`, { token: adminA.token });
    expect([exp.status, exp.body]).toEqual([403, { success: false, error: 'You do not own this content' }]);
    const scorm = await api('GET', `/h5p/content/${privateId}/export-scorm`, { token: adminA.token });
    expect([scorm.status, scorm.body]).toEqual([403, { success: false, error: 'You do not own this content' }]);

    for (const p of [`/h5p/content/${privateId}`, `/h5p/play/${privateId}`, `/h5p/content/${privateId}/export`]) {
      expect([p, (await api('GET', p, { token: adminB.token })).status]).toEqual([p, 200]);
      expect([p, (await api('GET', p, { token: superAdmin.token })).status]).toEqual([p, 200]);
    }
  });

  it('serves files of private content only to callers the rule lets in; anyone else gets 404', async () => {
    const id = await createContent(ownerB.token, 'H5P.MultiChoice');
    const dir = path.join(inject('appDataDir'), 'h5p', 'content', id, 'images');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'secret.png'), 'private-bytes');
    const file = `/h5p/content/${id}/images/secret.png`;
    expect((await api('GET', file)).status).toBe(404);
    expect((await api('GET', file, { token: teacherB.token })).status).toBe(404);
    expect((await api('GET', file, { token: adminA.token })).status).toBe(404);
    expect((await api('GET', `${file}?token=not-a-token`)).status).toBe(404);
    const own = await api('GET', file, { token: ownerB.token });
    expect([own.status, own.text]).toEqual([200, 'private-bytes']);
    expect(own.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await api('GET', `${file}?token=${ownerB.token}`)).status).toBe(200);
    expect((await api('GET', file, { token: adminB.token })).status).toBe(200);
    expect((await api('GET', file, { token: superAdmin.token })).status).toBe(200);
    await publish(ownerB.token, id);
    const open = await api('GET', file);
    expect([open.status, open.headers.get('cache-control')]).toEqual([200, 'public, max-age=3600']);
  });
});

describe('restricted collection items (item 3)', () => {
  it('show no title, content id, type, author, curriculum or quality to a non-owner of a public collection', async () => {
    const secret = await createContent(ownerB.token, 'H5P.Blanks', { title: 'Secret title' });
    const open = await createContent(ownerB.token, 'H5P.TrueFalse', { title: 'Open title' });
    await publish(ownerB.token, open);
    const c = await api('POST', '/api/collections', { token: ownerB.token, body: { title: 'Mixed' } });
    const cid = c.body.data.id as string;
    expect((await api('POST', `/api/collections/${cid}/items`, { token: ownerB.token, body: { contentIds: [secret, open] } })).status).toBe(201);
    expect((await api('PATCH', `/api/collections/${cid}`, { token: ownerB.token, body: { visibility: 'public' } })).status).toBe(200);

    const seen = await api('GET', `/api/collections/${cid}`, { token: adminA.token });
    expect(seen.status).toBe(200);
    const [restricted, available] = seen.body.data.items as Record<string, unknown>[];
    expect(restricted).toEqual({
      id: expect.any(String),
      collectionId: cid,
      contentId: null,
      position: 0,
      addedAt: expect.any(String),
      title: null,
      mainLibrary: null,
      contentTypeSlug: null,
      authorId: null,
      authorName: null,
      status: 'restricted',
      curriculum: null,
      quality: null,
    });
    expect(seen.text).not.toContain(secret);
    expect(seen.text).not.toContain('Secret title');
    expect(available).toMatchObject({ contentId: open, title: 'Open title', authorId: ownerB.user.id, status: 'available' });
    // the owner, and the admin of the owner's tenant, see the item
    for (const who of [ownerB, adminB]) {
      const items = (await api('GET', `/api/collections/${cid}`, { token: who.token })).body.data.items as Record<string, unknown>[];
      expect(items[0]).toMatchObject({ contentId: secret, title: 'Secret title', status: 'available' });
    }
  });
});

describe('admins are admins of their own tenant (item 4)', () => {
  it('?asUserId= reads another user’s state only for an admin of that user’s tenant, or a super_admin', async () => {
    const id = await createContent(ownerB.token, 'H5P.MultiChoice');
    await publish(ownerB.token, id); // readable by all: only the user data rule decides
    const saved = await api('POST', `/h5p/contentUserData/${id}/state/0`, { token: studentB.token, body: 'data=%7B%22x%22%3A1%7D&preload=1&invalidate=0', headers: form });
    expect(saved.status).toBe(200);
    const read = (who: Caller) => api('GET', `/h5p/contentUserData/${id}/state/0?asUserId=${studentB.user.id}`, { token: who.token });
    for (const who of [adminA, schoolAdminA, teacherB]) {
      const res = await read(who);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, errorCode: 'h5p-server:user-state-missing-view-permission' });
    }
    for (const who of [adminB, superAdmin]) expect((await read(who)).body).toEqual({ success: true, data: '{"x":1}' });
    // writing someone else's state is refused even to admins
    const write = await api('POST', `/h5p/contentUserData/${id}/state/0?asUserId=${studentB.user.id}`, { token: adminB.token, body: 'data=%7B%7D&preload=1&invalidate=0', headers: form });
    expect(write.status).toBe(403);
    expect((await read(superAdmin)).body).toEqual({ success: true, data: '{"x":1}' });
  });

  describe('curriculum metadata of content', () => {
    const body = { frameworkCode: 'NZC', frameworkName: 'NZ Curriculum', countryCode: 'NZ', gradeCode: 'Y5', gradeName: 'Year 5', subjectCode: 'MATH', subjectName: 'Mathematics' };
    const metaPath = (id: string) => `/api/curriculum/content/${id}/metadata`;

    it('is written and deleted by the owner, an admin of the owner’s tenant or a super_admin; others get 403', async () => {
      const id = await createContent(ownerB.token, 'H5P.TrueFalse');
      expect((await api('POST', metaPath(id), { token: ownerB.token, body })).status).toBe(200);
      for (const who of [adminA, schoolAdminA, teacherB]) {
        const post = await api('POST', metaPath(id), { token: who.token, body: { ...body, gradeCode: 'HACKED' } });
        expect([post.status, post.body]).toEqual([403, { success: false, error: 'You do not own this content' }]);
        const del = await api('DELETE', metaPath(id), { token: who.token });
        expect([del.status, del.body]).toEqual([403, { success: false, error: 'You do not own this content' }]);
      }
      expect((await db().contentCurriculumMetadata.findUniqueOrThrow({ where: { contentId: id } })).gradeCode).toBe('Y5');
      expect((await api('POST', metaPath(id), { token: adminB.token, body: { ...body, gradeCode: 'Y6' } })).status).toBe(200);
      expect((await db().contentCurriculumMetadata.findUniqueOrThrow({ where: { contentId: id } })).gradeCode).toBe('Y6');
      expect((await api('DELETE', metaPath(id), { token: superAdmin.token })).status).toBe(200);
      expect(await db().contentCurriculumMetadata.count({ where: { contentId: id } })).toBe(0);
      expect((await api('POST', metaPath(id), { token: superAdmin.token, body })).status).toBe(200);
    });

    it('answers 404 Content not found for unknown content and writes nothing', async () => {
      const id = uniqueWord('gone');
      const res = await api('POST', metaPath(id), { token: superAdmin.token, body });
      expect([res.status, res.body]).toEqual([404, notFound]);
      expect((await api('DELETE', metaPath(id), { token: ownerB.token })).status).toBe(404);
      expect(await db().contentCurriculumMetadata.count({ where: { contentId: id } })).toBe(0);
    });
  });

  describe('installing libraries from a package is for super_admin only', () => {
    const probePackage = newLibraryPackage;
    const upload = (token: string, pkg: Buffer) => {
      const fd = new FormData();
      fd.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'probe.h5p');
      return api('POST', '/h5p/ajax?action=library-upload', { token, body: fd });
    };

    it('refuses a tenant admin, a school admin and a teacher with 403 and installs nothing', async () => {
      const { machineName, pkg } = probePackage();
      for (const who of [adminA, schoolAdminA, ownerB]) {
        const res = await upload(who.token, pkg);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, error: `Only a super administrator can install or update content types from a package (not installed: ${machineName}-1.8)` });
      }
      expect(await db().h5pLibrary.count({ where: { machineName } })).toBe(0);
    });

    it('lets a super_admin install the package’s libraries', async () => {
      const { machineName, pkg } = probePackage();
      const res = await upload(superAdmin.token, pkg);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(await db().h5pLibrary.count({ where: { machineName } })).toBe(1);
    });

    it('imports a package with libraries not installed yet only for a super_admin; a tenant admin gets 400 and nothing is installed', async () => {
      const importAs = (token: string, pkg: Buffer) => {
        const fd = new FormData();
        fd.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'probe.h5p');
        return api('POST', '/h5p/import', { token, body: fd });
      };
      const { machineName, pkg } = probePackage();
      const refused = await importAs(adminA.token, pkg);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain(machineName);
      expect(await db().h5pLibrary.count({ where: { machineName } })).toBe(0);
      const done = await importAs(superAdmin.token, pkg);
      expect(done.status).toBe(201);
      expect(await db().h5pLibrary.count({ where: { machineName } })).toBe(1);
    });

    it('still lets a teacher upload a package whose libraries are installed', async () => {
      const pkg = zip([
        { name: 'h5p.json', data: Buffer.from(JSON.stringify({ title: 'TF', language: 'und', mainLibrary: 'H5P.TrueFalse', embedTypes: ['iframe'], license: 'U', defaultLanguage: 'en', preloadedDependencies: [{ machineName: 'H5P.TrueFalse', majorVersion: 1, minorVersion: 8 }] })) },
        { name: 'content/content.json', data: Buffer.from(JSON.stringify(SAMPLE_PARAMS['H5P.TrueFalse'])) },
      ]);
      const res = await upload(ownerB.token, pkg);
      expect(res.status).toBe(200);
      expect(res.body.data.h5p.mainLibrary).toBe('H5P.TrueFalse');
    });
  });
});
