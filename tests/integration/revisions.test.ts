// Content revisions (issue 27 items 2 and 3): every save keeps a revision (create, PUT — the editor's save too —,
// import, duplicate), files are stored once by content hash, two revisions compare in words, a restore is a new
// revision and the item plays it, retention keeps 50 or 180 days, deleting the item deletes its history, and a save
// from a stale base is refused with 409 (exactly one of two concurrent saves from one base wins).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createTenant, signedIn, signedInTenant } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { contentPackage, libraryString, SAMPLE_PARAMS } from '../support/h5p-packages';

// the blob sweep runs here, on the app's files
process.env.DATA_DIR = inject('appDataDir');

beforeAll(async () => {
  await installTestLibraries();
});

const MC = () => libraryString('H5P.MultiChoice');
const MC_SAMPLE = SAMPLE_PARAMS['H5P.MultiChoice'] as { question: string; answers: unknown[] } & Record<string, unknown>;
const mcParams = (question: string, answers: unknown[] = MC_SAMPLE.answers) => ({ ...MC_SAMPLE, question, answers });
const put = (token: string, id: string, params: unknown, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  api('PUT', `/h5p/content/${id}`, { token, body: { library: MC(), params, metadata: { title: 'Maths' }, ...extra }, ...(headers ? { headers } : {}) });
const revisions = (contentId: string) => db().contentRevision.findMany({ where: { contentId }, orderBy: { number: 'asc' } });
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const blobPath = (h: string) => path.join(inject('appDataDir'), 'h5p', 'revisions', 'blobs', h.slice(0, 2), h);

function form(data: Buffer) {
  const f = new FormData();
  f.append('h5p', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'content.h5p');
  return f;
}

async function importWithPicture(token: string, picture: Buffer) {
  const pkg = contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title: 'Imported', media: { 'images/pic.png': picture } });
  const res = await api('POST', '/h5p/import', { token, body: form(pkg) });
  expect(res.status).toBe(201);
  return res.body.data.contentId as string;
}

describe('every save keeps a revision', () => {
  it('create, PUT and duplicate each write one, with who, when, kind and note; GET names the latest', async () => {
    const t = await signedIn(['teacher']);
    const created = await api('POST', '/h5p/content', { token: t.token, body: { library: MC(), params: mcParams('<p>One?</p>'), metadata: { title: 'Maths' }, note: 'first draft' } });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body.data).sort()).toEqual(['contentId', 'metadata']);
    const id = created.body.data.contentId as string;
    let revs = await revisions(id);
    expect(revs).toHaveLength(1);
    expect(revs[0]).toMatchObject({ number: 1, kind: 'create', authorId: t.user.id, authorName: t.user.name, note: 'first draft', title: 'Maths' });
    expect(created.body.revisionId).toBe(revs[0]!.id);
    expect(created.headers.get('etag')).toBe(`"${revs[0]!.id}"`);

    const saved = await put(t.token, id, mcParams('<p>Two?</p>'));
    expect(saved.status).toBe(200);
    expect(Object.keys(saved.body.data).sort()).toEqual(['contentId', 'metadata']);
    revs = await revisions(id);
    expect(revs.map((r) => [r.number, r.kind])).toEqual([
      [1, 'create'],
      [2, 'edit'],
    ]);
    expect(revs[1]!.parameters).toMatchObject({ question: '<p>Two?</p>' });
    expect(saved.body.revisionId).toBe(revs[1]!.id);

    const info = await api('GET', `/h5p/content/${id}`, { token: t.token });
    expect(info.status).toBe(200);
    expect(Object.keys(info.body.data).sort()).toEqual(['createdAt', 'embedTypes', 'id', 'mainLibrary', 'title', 'updatedAt']);
    expect(info.body.currentRevision).toBe(revs[1]!.id);
    expect(info.headers.get('etag')).toBe(`"${revs[1]!.id}"`);
    const edit = await api('GET', `/h5p/edit/${id}`, { token: t.token });
    expect(edit.status).toBe(200);
    expect(edit.body.currentRevision).toBe(revs[1]!.id);

    const dup = await api('POST', `/h5p/content/${id}/duplicate`, { token: t.token });
    expect(dup.status).toBe(201);
    const copy = await revisions(dup.body.data.contentId);
    expect(copy.map((r) => [r.number, r.kind])).toEqual([[1, 'create']]);
    expect(copy[0]!.parameters).toMatchObject({ question: '<p>Two?</p>' });
  });

  it('refuses a note longer than 500 characters with 400 and saves nothing', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const res = await put(t.token, id, mcParams('<p>x</p>'), { note: 'n'.repeat(501) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Validation error: note: at most 500 characters' });
    expect(await revisions(id)).toHaveLength(1);
  });

  it('an import lists its files by content hash, and a file shared by revisions is stored once', async () => {
    const t = await signedIn(['teacher']);
    const picture = Buffer.from(`png-${randomUUID()}`);
    const id = await importWithPicture(t.token, picture);
    expect((await put(t.token, id, mcParams('<p>Edited once</p>'))).status).toBe(200);
    expect((await put(t.token, id, mcParams('<p>Edited twice</p>'))).status).toBe(200);
    const revs = await revisions(id);
    expect(revs.map((r) => r.kind)).toEqual(['import', 'edit', 'edit']);
    const expected = [{ path: 'images/pic.png', sha256: sha(picture), size: picture.length }];
    for (const r of revs) expect(r.files).toEqual(expected);
    // one blob, whatever number of revisions and items name it
    const other = await importWithPicture(t.token, picture);
    expect((await revisions(other))[0]!.files).toEqual(expected);
    expect(fs.readFileSync(blobPath(sha(picture)))).toEqual(picture);
    expect(fs.readdirSync(path.dirname(blobPath(sha(picture)))).filter((n) => n === sha(picture))).toHaveLength(1);
  });
});

describe('conflicts', () => {
  it('a save from a stale base answers 409 naming who saved and when; If-Match works alike; a save without a base is accepted', async () => {
    const owner = await signedIn(['teacher']);
    const id = await createContent(owner.token, 'H5P.MultiChoice', { title: 'Maths' });
    const [first] = await revisions(id);
    const mine = await put(owner.token, id, mcParams('<p>Mine</p>'), { baseRevision: first!.id });
    expect(mine.status).toBe(200);
    const latest = (await revisions(id))[1]!;
    const stale = await put(owner.token, id, mcParams('<p>Theirs</p>'), { baseRevision: first!.id });
    expect(stale.status).toBe(409);
    const when = latest.createdAt.toISOString().slice(0, 16).replace('T', ' ');
    expect(stale.body).toEqual({
      success: false,
      error: `This content was changed by ${owner.user.name} at ${when} UTC after you opened it`,
      conflict: { revisionId: latest.id, number: 2, savedBy: { id: owner.user.id, name: owner.user.name }, savedAt: latest.createdAt.toISOString() },
    });
    expect(stale.headers.get('x-error-code')).toBe('revision_conflict');
    // nothing changed
    expect(await revisions(id)).toHaveLength(2);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id } })).parameters).toMatchObject({ question: '<p>Mine</p>' });

    const viaHeader = await put(owner.token, id, mcParams('<p>Theirs</p>'), {}, { 'If-Match': `"${first!.id}"` });
    expect(viaHeader.status).toBe(409);
    expect(viaHeader.body.conflict.revisionId).toBe(latest.id);
    const fresh = await put(owner.token, id, mcParams('<p>Theirs</p>'), {}, { 'If-Match': `"${latest.id}"` });
    expect(fresh.status).toBe(200);

    const blind = await put(owner.token, id, mcParams('<p>No base</p>'));
    expect(blind.status).toBe(200);
    expect((await revisions(id)).map((r) => r.number)).toEqual([1, 2, 3, 4]);
  });

  it('two concurrent saves from one base: exactly one 200 and one 409', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const [base] = await revisions(id);
    const results = await Promise.all([put(t.token, id, mcParams('<p>A</p>'), { baseRevision: base!.id }), put(t.token, id, mcParams('<p>B</p>'), { baseRevision: base!.id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const revs = await revisions(id);
    expect(revs).toHaveLength(2);
    const winner = results.find((r) => r.status === 200)!;
    expect(winner.body.revisionId).toBe(revs[1]!.id);
  });
});

describe('compare, preview and restore', () => {
  it('compares two revisions in words with a word diff', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice', { title: 'Maths' }, mcParams('<p>What is 2 + 2?</p>'));
    const answers = [...MC_SAMPLE.answers, { text: '6', correct: false, tipsAndFeedback: { chosenFeedback: '', notChosenFeedback: '' } }];
    expect((await put(t.token, id, mcParams('<p>What is 3 + 3?</p>', answers))).status).toBe(200);
    const [a, b] = await revisions(id);
    const res = await api('GET', `/h5p/content/${id}/revisions/compare?from=${a!.id}&to=${b!.id}`, { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.data.from).toMatchObject({ id: a!.id, number: 1, kind: 'create' });
    expect(res.body.data.to).toMatchObject({ id: b!.id, number: 2, kind: 'edit' });
    const changes = res.body.data.changes as { path: string; kind: string; text: string; words?: unknown }[];
    expect(changes.find((c) => c.path === 'params.question')).toEqual({
      path: 'params.question',
      kind: 'changed',
      before: '<p>What is 2 + 2?</p>',
      after: '<p>What is 3 + 3?</p>',
      text: 'Question text changed',
      words: [
        { op: 'same', text: 'What is' },
        { op: 'removed', text: '2' },
        { op: 'added', text: '3' },
        { op: 'same', text: '+' },
        { op: 'removed', text: '2?' },
        { op: 'added', text: '3?' },
      ],
    });
    expect(changes.find((c) => c.path === 'params.answers[2]')).toMatchObject({ kind: 'added', text: 'Answer 3 added', before: null });
    expect(changes.find((c) => c.path === 'metadata.title')).toBeUndefined(); // the same title
  });

  it('lists newest first with pages, reads one revision, and plays one without changing what the item plays', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice', { title: 'Maths' }, mcParams('<p>Old question</p>'));
    for (const q of ['Second', 'Third']) expect((await put(t.token, id, mcParams(`<p>${q}</p>`))).status).toBe(200);
    const page1 = await api('GET', `/h5p/content/${id}/revisions?limit=2`, { token: t.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((r: { number: number }) => r.number)).toEqual([3, 2]);
    expect(page1.body.total).toBe(3);
    expect(page1.body.nextBefore).toBe(2);
    expect(page1.body.data[0]).toMatchObject({ kind: 'edit', savedBy: { id: t.user.id, name: t.user.name }, note: null });
    const page2 = await api('GET', `/h5p/content/${id}/revisions?limit=2&before=2`, { token: t.token });
    expect(page2.body.data.map((r: { number: number }) => r.number)).toEqual([1]);
    expect(page2.body.nextBefore).toBeNull();
    const first = page2.body.data[0].id as string;
    const one = await api('GET', `/h5p/content/${id}/revisions/${first}`, { token: t.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: first, number: 1, kind: 'create', mainLibrary: 'H5P.MultiChoice', params: { question: '<p>Old question</p>' }, files: [] });
    expect(one.body.data.metadata).toMatchObject({ title: 'Maths' });

    const play = await api('GET', `/h5p/content/${id}/revisions/${first}/play`, { token: t.token });
    expect(play.status).toBe(200);
    expect(JSON.stringify(play.body.data.integration)).toContain('Old question');
    const current = await api('GET', `/h5p/play/${id}`, { token: t.token });
    expect(current.status).toBe(200);
    expect(current.text).toContain('Third');
    expect(current.text).not.toContain('Old question');
  });

  it('restore makes a new revision, the item plays the restored parameters and files, and the tenant audit log records it', async () => {
    const tenant = await createTenant();
    const t = await signedInTenant(['teacher'], tenant.id);
    const picture = Buffer.from(`png-${randomUUID()}`);
    const id = await importWithPicture(t.token, picture);
    expect((await put(t.token, id, mcParams('<p>Changed</p>'))).status).toBe(200);
    // the picture is gone from the item (as an editor's delete would remove it)
    fs.rmSync(path.join(inject('appDataDir'), 'h5p', 'content', id, 'images', 'pic.png'));
    expect((await put(t.token, id, mcParams('<p>Changed again</p>'))).status).toBe(200);
    const revs = await revisions(id);
    expect(revs[2]!.files).toEqual([]);
    const res = await api('POST', `/h5p/content/${id}/revisions/${revs[0]!.id}/restore`, { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Revision 1 restored');
    expect(res.body.data.restored).toMatchObject({ id: revs[0]!.id, number: 1 });
    expect(res.body.data.revision).toMatchObject({ number: 4, kind: 'restore', note: 'Restored revision 1', savedBy: { id: t.user.id } });
    const after = await revisions(id);
    expect(after.map((r) => r.kind)).toEqual(['import', 'edit', 'edit', 'restore']);
    expect(after[3]!.files).toEqual(revs[0]!.files);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id } })).parameters).toEqual(revs[0]!.parameters);
    expect(fs.readFileSync(path.join(inject('appDataDir'), 'h5p', 'content', id, 'images', 'pic.png'))).toEqual(picture);
    const play = await api('GET', `/h5p/play/${id}`, { token: t.token });
    expect(play.text).toContain('What is 2 + 2?');
    expect(play.text).not.toContain('Changed again');
    const audit = await db().auditEvent.findMany({ where: { tenantId: tenant.id, action: 'revision.restore' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: t.user.id, targetType: 'content', targetId: id, details: { restoredNumber: 1, number: 4 } });
  });
});

describe('a revision plays with its own files', () => {
  it('its model names the revision\'s files; they are served as saved, after the item\'s file was replaced and removed; others get 404', async () => {
    const t = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const picture = Buffer.from(`png-${randomUUID()}`);
    const id = await importWithPicture(t.token, picture);
    const itemFile = path.join(inject('appDataDir'), 'h5p', 'content', id, 'images', 'pic.png');
    // the item's picture is replaced (another image under the same name), then removed
    const replaced = Buffer.from(`png-${randomUUID()}`);
    fs.writeFileSync(itemFile, replaced);
    expect((await put(t.token, id, mcParams('<p>With the new picture</p>'))).status).toBe(200);
    fs.rmSync(itemFile);
    expect((await put(t.token, id, mcParams('<p>Without a picture</p>'))).status).toBe(200);
    const [first, second, third] = await revisions(id);

    const play = await api('GET', `/h5p/content/${id}/revisions/${first!.id}/play`, { token: t.token });
    expect(play.status).toBe(200);
    const filesUrl = `/h5p/content/${id}/revisions/${first!.id}/files`;
    expect(play.body.data.integration.contents[`cid-${id}`].contentUrl).toBe(filesUrl);

    const original = await api('GET', `${filesUrl}/images/pic.png`, { token: t.token });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(original.text).toBe(picture.toString());
    const ranged = await api('GET', `${filesUrl}/images/pic.png`, { token: t.token, headers: { Range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(ranged.text).toBe(picture.subarray(0, 4).toString());
    const later = await api('GET', `/h5p/content/${id}/revisions/${second!.id}/files/images/pic.png`, { token: t.token });
    expect(later.text).toBe(replaced.toString());

    // a file the revision does not list, and the item's current files through a revision, are not there
    const missing = await api('GET', `/h5p/content/${id}/revisions/${third!.id}/files/images/pic.png`, { token: t.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, error: 'File not found in this revision' });
    const escape = await api('GET', `${filesUrl}/..%2F..%2Fcontent.json`, { token: t.token });
    expect(escape.status).toBe(404);
    // whoever may not read the history: the answer unknown content gets
    const byOther = await api('GET', `${filesUrl}/images/pic.png`, { token: other.token });
    expect(byOther.status).toBe(404);
    expect(byOther.body).toEqual({ success: false, error: 'Content not found' });
    const anonymous = await api('GET', `${filesUrl}/images/pic.png`);
    expect(anonymous.status).toBe(401);
    const unknown = await api('GET', `/h5p/content/${id}/revisions/${randomUUID()}/files/images/pic.png`, { token: t.token });
    expect(unknown.body).toEqual({ success: false, error: 'Revision not found' });
  });
});

describe('retention and deletion', () => {
  it('keeps the newest 50 or everything younger than 180 days, whichever keeps more', async () => {
    const t = await signedIn(['teacher']);
    const old = await createContent(t.token, 'H5P.TrueFalse');
    const young = await createContent(t.token, 'H5P.TrueFalse');
    const seed = async (contentId: string, ageDays: number) => {
      const at = new Date(Date.now() - ageDays * 86_400_000);
      await db().contentRevision.createMany({
        data: Array.from({ length: 59 }, (_, i) => ({ contentId, number: i + 2, kind: 'edit', title: 't', mainLibrary: 'H5P.TrueFalse', parameters: {}, metadata: {}, files: [], createdAt: at })),
      });
      await db().contentRevision.updateMany({ where: { contentId, number: 1 }, data: { createdAt: at } });
    };
    await seed(old, 200);
    await seed(young, 100);
    const body = { library: libraryString('H5P.TrueFalse'), params: SAMPLE_PARAMS['H5P.TrueFalse'] };
    expect((await api('PUT', `/h5p/content/${old}`, { token: t.token, body })).status).toBe(200);
    expect((await api('PUT', `/h5p/content/${young}`, { token: t.token, body })).status).toBe(200);
    const oldRevs = (await revisions(old)).map((r) => r.number);
    expect(oldRevs).toHaveLength(50);
    expect(oldRevs[0]).toBe(12);
    expect(oldRevs[49]).toBe(61);
    expect(await db().contentRevision.count({ where: { contentId: young } })).toBe(61);
  });

  it('deleting the item deletes its revisions; the sweep then removes blobs nobody names', async () => {
    const t = await signedIn(['teacher']);
    const picture = Buffer.from(`png-${randomUUID()}`);
    const id = await importWithPicture(t.token, picture);
    expect(await db().contentRevision.count({ where: { contentId: id } })).toBe(1);
    const del = await api('DELETE', `/h5p/content/${id}`, { token: t.token });
    expect(del.status).toBe(200);
    expect(await db().contentRevision.count({ where: { contentId: id } })).toBe(0);
    expect(fs.existsSync(blobPath(sha(picture)))).toBe(true);
    const { sweepRevisionBlobs } = await import('@/lib/h5p/revisions/sweep');
    // within the grace period a blob stays (a save may not have committed the revision naming it yet)
    await sweepRevisionBlobs({ force: true });
    expect(fs.existsSync(blobPath(sha(picture)))).toBe(true);
    await sweepRevisionBlobs({ force: true, graceMs: 0 });
    expect(fs.existsSync(blobPath(sha(picture)))).toBe(false);
  });
});

describe('who may read and restore', () => {
  it('another teacher and a student get 404 like unknown content; a restore by them answers as an update does', async () => {
    const owner = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const student = await signedIn(['student']);
    const id = await createContent(owner.token, 'H5P.MultiChoice');
    const [rev] = await revisions(id);
    for (const who of [other, student]) {
      for (const p of [`/h5p/content/${id}/revisions`, `/h5p/content/${id}/revisions/${rev!.id}`, `/h5p/content/${id}/revisions/compare?from=${rev!.id}&to=${rev!.id}`, `/h5p/content/${id}/revisions/${rev!.id}/play`]) {
        const res = await api('GET', p, { token: who.token });
        expect({ p, status: res.status, body: res.body }).toEqual({ p, status: 404, body: { success: false, error: 'Content not found' } });
      }
    }
    const byOther = await api('POST', `/h5p/content/${id}/revisions/${rev!.id}/restore`, { token: other.token });
    expect(byOther.status).toBe(403);
    expect(byOther.body).toEqual({ success: false, error: 'Only the owner can update this content' });
    const byStudent = await api('POST', `/h5p/content/${id}/revisions/${rev!.id}/restore`, { token: student.token });
    expect(byStudent.status).toBe(403);
    const unknown = await api('GET', `/h5p/content/${id}/revisions/${randomUUID()}`, { token: owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: 'Revision not found' });
    const elsewhere = await createContent(owner.token, 'H5P.MultiChoice');
    const crossed = await api('POST', `/h5p/content/${elsewhere}/revisions/${rev!.id}/restore`, { token: owner.token });
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual({ success: false, error: 'Revision not found' });
  });
});

describe('who is editing', () => {
  it("an open editor announces its user; the item's history readers see who is editing, the editor sees the others", async () => {
    const owner = await signedIn(['teacher']);
    const admin = await signedIn(['super_admin']);
    const other = await signedIn(['teacher']);
    const id = await createContent(owner.token, 'H5P.MultiChoice');
    const mine = await api('POST', `/h5p/content/${id}/presence`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ editors: [] });
    const seen = await api('GET', `/h5p/content/${id}/presence`, { token: admin.token });
    expect(seen.status).toBe(200);
    expect(seen.body.data.editors).toEqual([{ id: owner.user.id, name: owner.user.name, since: expect.any(String) }]);
    const refused = await api('POST', `/h5p/content/${id}/presence`, { token: other.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: 'Only the owner can update this content' });
    const hidden = await api('GET', `/h5p/content/${id}/presence`, { token: other.token });
    expect(hidden.status).toBe(404);
  });
});
