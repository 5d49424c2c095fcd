// Sharing and co-authoring within a tenant (issue 27 item 1, audited per item 6): shares of items and folders as
// viewer or editor, what each role may do, "Shared with me", ownership transfer and an admin's reassignment —
// over real HTTP, with the exact statuses and texts, against callers of the owner's school, of another school and
// without any.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { createTenant, setPlan, signedIn, signedInTenant, uniqueEmail } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { libraryString, SAMPLE_PARAMS } from '../support/h5p-packages';

type Who = { token: string; email: string; user: { id: string; name: string; email: string } };
const err = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];
const tf = (title = 'Shared quiz') => ({ library: libraryString('H5P.TrueFalse'), params: SAMPLE_PARAMS['H5P.TrueFalse'], metadata: { title } });
const share = (who: Who, contentId: string, email: string, role: string) => api('POST', `/h5p/content/${contentId}/shares`, { token: who.token, body: { email, role } });
const shareFolder = (who: Who, folderId: string, email: string, role: string) => api('POST', `/api/folders/${folderId}/shares`, { token: who.token, body: { email, role } });
const audits = (tenantId: string, action: string, targetId?: string) =>
  db().auditEvent.findMany({ where: { tenantId, action, ...(targetId ? { targetId } : {}) }, orderBy: { createdAt: 'asc' } });

const T = {
  noTenant: 'Sharing is only available within a school',
  noColleague: 'No colleague with this email in your school',
  student: 'Content can only be shared with teachers, not with students',
  self: 'You cannot share with yourself',
  ownerOnly: 'Only the owner can change the sharing of this content',
  listForbidden: 'Only the owner or an editor can see who this content is shared with',
  exists: 'This content is already shared with this colleague',
  update: 'Only the owner can update this content',
  delete: 'Only the owner can delete this content',
  visibility: 'Only the owner can change the visibility of this content',
  notOwner: 'You do not own this content',
  notFound: 'Content not found',
  transferOwnerOnly: 'Only the owner can transfer this content',
};

let tenantA: string;
let tenantB: string;
let owner: Who, editor: Who, viewer: Who, colleague: Who, foreign: Who, student: Who, loner: Who, loner2: Who, adminA: Who, superAdmin: Who;

beforeAll(async () => {
  await installTestLibraries();
  tenantA = (await createTenant()).id;
  tenantB = (await createTenant()).id;
  const all = (await Promise.all([
    signedInTenant(['teacher'], tenantA),
    signedInTenant(['teacher'], tenantA),
    signedInTenant(['teacher'], tenantA),
    signedInTenant(['teacher'], tenantA),
    signedInTenant(['teacher'], tenantB),
    signedInTenant(['student'], tenantA),
    signedIn(['teacher']),
    signedIn(['teacher']),
    signedInTenant(['tenant_admin'], tenantA),
    signedIn(['super_admin']),
  ])) as Who[];
  [owner, editor, viewer, colleague, foreign, student, loner, loner2, adminA, superAdmin] = all as [Who, Who, Who, Who, Who, Who, Who, Who, Who, Who];
}, 120_000);

describe('sharing an item: who may share with whom', () => {
  it('refuses what is not a share within one school, with exact texts', async () => {
    const id = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Refusals' });
    expect(err(await share(owner, id, uniqueEmail(), 'viewer'))).toEqual([404, T.noColleague]);
    // a teacher of another school: the same answer as an unknown email (no existence leak)
    expect(err(await share(owner, id, foreign.email, 'viewer'))).toEqual([404, T.noColleague]);
    expect(err(await share(owner, id, student.email, 'viewer'))).toEqual([400, T.student]);
    expect(err(await share(owner, id, owner.email, 'editor'))).toEqual([400, T.self]);
    expect(err(await share(owner, id, editor.email, 'owner'))).toEqual([400, 'Validation error: role: role must be viewer or editor']);
    // another teacher of the school cannot read the private item (404); nor can a teacher of another school
    expect(err(await share(colleague, id, editor.email, 'viewer'))).toEqual([404, T.notFound]);
    expect(err(await share(foreign, id, editor.email, 'viewer'))).toEqual([404, T.notFound]);
    // teachers without a school share nothing, not even with each other
    const own = await createContent(loner.token, 'H5P.TrueFalse', { title: 'Loner' });
    expect(err(await share(loner, own, loner2.email, 'viewer'))).toEqual([403, T.noTenant]);
    expect(await db().contentShare.count({ where: { contentId: { in: [id, own] } } })).toBe(0);
    expect(await audits(tenantA, 'content.share', id)).toHaveLength(0);
  });

  it('shares as viewer and editor (201), refuses a second share (409), and audits each share', async () => {
    const id = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Audited' });
    const res = await share(owner, id, `  ${editor.email.toUpperCase()} `, 'editor');
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({ userId: editor.user.id, email: editor.email, name: editor.user.name, role: 'editor', sharedAt: expect.any(String) });
    expect((await share(owner, id, viewer.email, 'viewer')).status).toBe(201);
    expect(err(await share(owner, id, editor.email, 'viewer'))).toEqual([409, T.exists]);
    const rows = await audits(tenantA, 'content.share', id);
    expect(rows.map((r) => [r.actorId, r.actorEmail, r.targetType, r.targetLabel, r.details])).toEqual([
      [owner.user.id, owner.email, 'content', 'Audited', { with: editor.email, role: 'editor' }],
      [owner.user.id, owner.email, 'content', 'Audited', { with: viewer.email, role: 'viewer' }],
    ]);
    // owner and editor list the shares; the viewer may read the item but not the list; others do not see it at all
    const list = await api('GET', `/h5p/content/${id}/shares`, { token: owner.token });
    expect(list.status).toBe(200);
    expect((list.body.data as { email: string; role: string }[]).map((s) => [s.email, s.role])).toEqual([
      [editor.email, 'editor'],
      [viewer.email, 'viewer'],
    ]);
    expect((await api('GET', `/h5p/content/${id}/shares`, { token: editor.token })).status).toBe(200);
    expect(err(await api('GET', `/h5p/content/${id}/shares`, { token: viewer.token }))).toEqual([403, T.listForbidden]);
    expect(err(await api('GET', `/h5p/content/${id}/shares`, { token: colleague.token }))).toEqual([404, T.notFound]);
    expect(err(await api('GET', `/h5p/content/${id}/shares`, { token: foreign.token }))).toEqual([404, T.notFound]);
  });
});

describe('what viewers and editors may do', () => {
  let id: string;
  beforeAll(async () => {
    id = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Roles' });
    expect((await share(owner, id, editor.email, 'editor')).status).toBe(201);
    expect((await share(owner, id, viewer.email, 'viewer')).status).toBe(201);
  });

  it('a viewer reads, plays and previews, and is refused every write, export and the results', async () => {
    expect((await api('GET', `/h5p/content/${id}`, { token: viewer.token })).status).toBe(200);
    expect((await api('GET', `/h5p/play/${id}`, { token: viewer.token })).status).toBe(200);
    expect((await api('GET', `/h5p/params/${id}`, { token: viewer.token })).status).toBe(200);
    expect(err(await api('PUT', `/h5p/content/${id}`, { token: viewer.token, body: tf() }))).toEqual([403, T.update]);
    expect(err(await api('GET', `/h5p/edit/${id}`, { token: viewer.token }))).toEqual([403, T.notOwner]);
    expect(err(await api('GET', `/h5p/content/${id}/export`, { token: viewer.token }))).toEqual([403, T.notOwner]);
    expect(err(await api('GET', `/api/results/content/${id}`, { token: viewer.token }))).toEqual([404, T.notFound]);
    expect(err(await api('DELETE', `/h5p/content/${id}`, { token: viewer.token }))).toEqual([403, T.delete]);
    expect(err(await api('PATCH', `/h5p/content/${id}/visibility`, { token: viewer.token, body: { visibility: 'public' } }))).toEqual([403, T.visibility]);
  });

  it('an editor edits, opens the editor, exports and sees results, but cannot delete, publish, share or transfer', async () => {
    expect((await api('GET', `/h5p/content/${id}`, { token: editor.token })).status).toBe(200);
    const put = await api('PUT', `/h5p/content/${id}`, { token: editor.token, body: tf('Edited by the editor') });
    expect(put.status, put.text).toBe(200);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id } })).title).toBe('Edited by the editor');
    // the owner stays the owner
    expect((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: id } })).userId).toBe(owner.user.id);
    expect((await api('GET', `/h5p/edit/${id}`, { token: editor.token })).status).toBe(200);
    const exp = await api('GET', `/h5p/content/${id}/export`, { token: editor.token });
    expect(exp.status).toBe(200);
    expect((await api('GET', `/api/results/content/${id}`, { token: editor.token })).status).toBe(200);
    expect(err(await api('DELETE', `/h5p/content/${id}`, { token: editor.token }))).toEqual([403, T.delete]);
    expect(err(await api('PATCH', `/h5p/content/${id}/visibility`, { token: editor.token, body: { visibility: 'public' } }))).toEqual([403, T.visibility]);
    expect(err(await share(editor, id, colleague.email, 'viewer'))).toEqual([403, T.ownerOnly]);
    expect(err(await api('PATCH', `/h5p/content/${id}/shares/${viewer.user.id}`, { token: editor.token, body: { role: 'editor' } }))).toEqual([403, T.ownerOnly]);
    expect(err(await api('DELETE', `/h5p/content/${id}/shares/${viewer.user.id}`, { token: editor.token }))).toEqual([403, T.ownerOnly]);
    expect(err(await api('POST', `/h5p/content/${id}/transfer`, { token: editor.token, body: { email: editor.email } }))).toEqual([403, T.transferOwnerOnly]);
  });

  it('another teacher of the school, a teacher of another school and teachers without a school keep the old answers', async () => {
    for (const who of [colleague, foreign, loner]) {
      expect(err(await api('GET', `/h5p/content/${id}`, { token: who.token }))).toEqual([404, T.notFound]);
      expect(err(await api('GET', `/h5p/play/${id}`, { token: who.token }))).toEqual([404, T.notFound]);
      expect(err(await api('PUT', `/h5p/content/${id}`, { token: who.token, body: tf() }))).toEqual([403, T.update]);
      expect(err(await api('GET', `/h5p/content/${id}/export`, { token: who.token }))).toEqual([403, T.notOwner]);
      expect(err(await api('DELETE', `/h5p/content/${id}`, { token: who.token }))).toEqual([403, T.delete]);
    }
  });

  it('a share row for a user of another school (written outside the app) opens nothing: the tenants must match', async () => {
    await db().contentShare.create({ data: { contentId: id, userId: foreign.user.id, role: 'editor' } });
    expect(err(await api('GET', `/h5p/content/${id}`, { token: foreign.token }))).toEqual([404, T.notFound]);
    expect(err(await api('PUT', `/h5p/content/${id}`, { token: foreign.token, body: tf() }))).toEqual([403, T.update]);
    await db().contentShare.deleteMany({ where: { contentId: id, userId: foreign.user.id } });
  });

  it('the owner changes a role (200) and removes a share (200), each audited; the change counts at once', async () => {
    const up = await api('PATCH', `/h5p/content/${id}/shares/${viewer.user.id}`, { token: owner.token, body: { role: 'editor' } });
    expect(up.status, up.text).toBe(200);
    expect(up.body.data.role).toBe('editor');
    expect((await api('PUT', `/h5p/content/${id}`, { token: viewer.token, body: tf('Now an editor') })).status).toBe(200);
    expect(err(await api('PATCH', `/h5p/content/${id}/shares/${colleague.user.id}`, { token: owner.token, body: { role: 'viewer' } }))).toEqual([404, 'Share not found']);
    expect(err(await api('PATCH', `/h5p/content/${id}/shares/${viewer.user.id}`, { token: owner.token, body: { role: 'admin' } }))).toEqual([400, 'Validation error: role: role must be viewer or editor']);
    const del = await api('DELETE', `/h5p/content/${id}/shares/${viewer.user.id}`, { token: owner.token });
    expect(del.status, del.text).toBe(200);
    expect(del.body.message).toBe('Share removed');
    expect(err(await api('GET', `/h5p/content/${id}`, { token: viewer.token }))).toEqual([404, T.notFound]);
    expect(err(await api('DELETE', `/h5p/content/${id}/shares/${viewer.user.id}`, { token: owner.token }))).toEqual([404, 'Share not found']);
    const changed = await audits(tenantA, 'content.share', id);
    expect(changed.at(-1)?.details).toEqual({ with: viewer.email, role: 'editor', from: 'viewer' });
    const removed = await audits(tenantA, 'content.unshare', id);
    expect(removed.map((r) => r.details)).toEqual([{ with: viewer.email, role: 'editor' }]);
  });
});

describe('folders: a share reaches everything in the folder and its subfolders', () => {
  it('inherits through nested folders, lists under Shared with me with role and owner, and follows items moved out', async () => {
    const top = (await api('POST', '/api/folders', { token: owner.token, body: { name: 'Year 7' } })).body.data.id as string;
    const sub = (await api('POST', '/api/folders', { token: owner.token, body: { name: 'Fractions', parentId: top } })).body.data.id as string;
    const deep = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Deep item' });
    const direct = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Direct item' });
    expect((await api('POST', '/api/folders/move', { token: owner.token, body: { contentIds: [deep], folderId: sub } })).status).toBe(200);

    expect(err(await shareFolder(colleague, top, viewer.email, 'viewer'))).toEqual([404, 'Folder not found']);
    expect(err(await shareFolder(owner, top, foreign.email, 'viewer'))).toEqual([404, T.noColleague]);
    const res = await shareFolder(owner, top, colleague.email, 'viewer');
    expect(res.status, res.text).toBe(201);
    expect(err(await shareFolder(owner, top, colleague.email, 'editor'))).toEqual([409, 'This folder is already shared with this colleague']);
    expect((await audits(tenantA, 'folder.share', top)).map((r) => [r.targetType, r.targetLabel, r.details])).toEqual([['folder', 'Year 7', { with: colleague.email, role: 'viewer' }]]);

    // the folder's viewer reads the item two levels down, and may not edit it
    expect((await api('GET', `/h5p/content/${deep}`, { token: colleague.token })).status).toBe(200);
    expect(err(await api('PUT', `/h5p/content/${deep}`, { token: colleague.token, body: tf() }))).toEqual([403, T.update]);
    // a direct editor's share of another item
    expect((await share(owner, direct, colleague.email, 'editor')).status).toBe(201);
    const mine = await api('GET', '/h5p/content/shared', { token: colleague.token });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.total).toBe(2);
    expect(mine.body.data.map((i: { id: string; role: string; via: string; owner: { name: string } }) => [i.id, i.role, i.via, i.owner.name])).toEqual([
      [direct, 'editor', 'item', owner.user.name],
      [deep, 'viewer', 'folder', owner.user.name],
    ]);
    expect(Object.keys(mine.body.data[0]).sort()).toEqual(['contentTypeTitle', 'id', 'mainLibrary', 'owner', 'role', 'sharedAt', 'title', 'updatedAt', 'via']);
    // paged: limit and offset with the total of every match; searched by title
    const page2 = await api('GET', '/h5p/content/shared?limit=1&offset=1', { token: colleague.token });
    expect([page2.body.total, page2.body.data.map((i: { id: string }) => i.id)]).toEqual([2, [deep]]);
    const found = await api('GET', '/h5p/content/shared?search=deep', { token: colleague.token });
    expect(found.body.data.map((i: { id: string }) => i.id)).toEqual([deep]);
    // nobody else sees them as shared
    expect((await api('GET', '/h5p/content/shared', { token: viewer.token })).body.data.map((i: { id: string }) => i.id)).not.toContain(deep);
    expect((await api('GET', '/h5p/content/shared', { token: loner.token })).body).toMatchObject({ data: [], total: 0 });

    // the folder's shares: the owner lists them; its viewer may not (403); others do not see the folder (404)
    expect((await api('GET', `/api/folders/${top}/shares`, { token: owner.token })).body.data.map((s: { email: string }) => s.email)).toEqual([colleague.email]);
    expect(err(await api('GET', `/api/folders/${top}/shares`, { token: colleague.token }))).toEqual([403, 'Only the owner or an editor can see who this folder is shared with']);
    expect(err(await api('GET', `/api/folders/${top}/shares`, { token: viewer.token }))).toEqual([404, 'Folder not found']);
    // the folder's role raised to editor: the item below is editable
    expect((await api('PATCH', `/api/folders/${top}/shares/${colleague.user.id}`, { token: owner.token, body: { role: 'editor' } })).status).toBe(200);
    expect((await api('PUT', `/h5p/content/${deep}`, { token: colleague.token, body: tf('Deep, edited') })).status).toBe(200);
    expect((await api('GET', `/api/folders/${top}/shares`, { token: colleague.token })).status).toBe(200);
    // moved out of the shared tree: no longer shared
    expect((await api('POST', '/api/folders/move', { token: owner.token, body: { contentIds: [deep], folderId: null } })).status).toBe(200);
    expect(err(await api('GET', `/h5p/content/${deep}`, { token: colleague.token }))).toEqual([404, T.notFound]);
    expect((await api('POST', '/api/folders/move', { token: owner.token, body: { contentIds: [deep], folderId: sub } })).status).toBe(200);
    // unshared: gone, audited
    expect((await api('DELETE', `/api/folders/${top}/shares/${colleague.user.id}`, { token: owner.token })).status).toBe(200);
    expect(err(await api('GET', `/h5p/content/${deep}`, { token: colleague.token }))).toEqual([404, T.notFound]);
    expect((await audits(tenantA, 'folder.unshare', top)).map((r) => r.details)).toEqual([{ with: colleague.email, role: 'editor' }]);
  });

  it('deleting an item, a folder or a user removes their shares (foreign keys cascade)', async () => {
    const a = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Cascade' });
    const f = (await api('POST', '/api/folders', { token: owner.token, body: { name: 'Cascade folder' } })).body.data.id as string;
    const gone = await signedInTenant(['teacher'], tenantA);
    expect((await share(owner, a, colleague.email, 'viewer')).status).toBe(201);
    expect((await share(owner, a, gone.email, 'viewer')).status).toBe(201);
    expect((await shareFolder(owner, f, colleague.email, 'viewer')).status).toBe(201);
    await db().user.delete({ where: { id: gone.user.id } });
    expect(await db().contentShare.count({ where: { contentId: a } })).toBe(1);
    expect((await api('DELETE', `/h5p/content/${a}`, { token: owner.token })).status).toBe(200);
    expect((await api('DELETE', `/api/folders/${f}`, { token: owner.token })).status).toBe(200);
    expect(await db().contentShare.count({ where: { OR: [{ contentId: a }, { folderId: f }] } })).toBe(0);
  });
});

describe('transfer of ownership', () => {
  it('the owner hands an item to a colleague, who owns it from then on; the old owner stays on as editor; audited', async () => {
    const id = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Handed over' });
    const body = (email: string) => ({ token: owner.token, body: { email } });
    expect(err(await api('POST', `/h5p/content/${id}/transfer`, body(foreign.email)))).toEqual([404, T.noColleague]);
    expect(err(await api('POST', `/h5p/content/${id}/transfer`, body(student.email)))).toEqual([400, T.student]);
    expect(err(await api('POST', `/h5p/content/${id}/transfer`, body(owner.email)))).toEqual([400, 'You already own this content']);
    expect(err(await api('POST', `/h5p/content/${id}/transfer`, { token: colleague.token, body: { email: colleague.email } }))).toEqual([404, T.notFound]);
    expect((await share(owner, id, colleague.email, 'viewer')).status).toBe(201);
    const res = await api('POST', `/h5p/content/${id}/transfer`, body(colleague.email));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Ownership transferred', data: { contentId: id, owner: { id: colleague.user.id, email: colleague.email, name: colleague.user.name } } });
    expect((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: id } })).userId).toBe(colleague.user.id);
    // the new owner's share is gone (they own it); the old owner is an editor now
    expect((await db().contentShare.findMany({ where: { contentId: id } })).map((s) => [s.userId, s.role])).toEqual([[owner.user.id, 'editor']]);
    expect((await api('PUT', `/h5p/content/${id}`, { token: owner.token, body: tf() })).status).toBe(200);
    expect(err(await api('DELETE', `/h5p/content/${id}`, { token: owner.token }))).toEqual([403, T.delete]);
    expect(err(await api('POST', `/h5p/content/${id}/transfer`, body(owner.email)))).toEqual([403, T.transferOwnerOnly]);
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: colleague.token, body: { visibility: 'private' } })).status).toBe(200);
    const rows = await audits(tenantA, 'content.transfer', id);
    expect(rows.map((r) => [r.actorId, r.details])).toEqual([[owner.user.id, { from: owner.email, to: colleague.email, bytes: 0 }]]);
  });

  it("respects the new owner's monthly content quota (429) and storage (403), changing nothing", async () => {
    const target = await signedInTenant(['teacher'], tenantA);
    const id = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Too much' });
    const dir = path.join(inject('appDataDir'), 'h5p', 'content', id, 'images');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'big.png'), Buffer.alloc(4096));
    await setPlan(target.user.id, 'free');
    await db().user.update({ where: { id: target.user.id }, data: { contentsCreatedThisMonth: 3 } });
    expect(err(await api('POST', `/h5p/content/${id}/transfer`, { token: owner.token, body: { email: target.email } }))).toEqual([429, 'The new owner has used up their monthly content quota']);
    await db().user.update({ where: { id: target.user.id }, data: { contentsCreatedThisMonth: 0, storageUsed: 100 * 1024 * 1024 - 10 } });
    expect(err(await api('POST', `/h5p/content/${id}/transfer`, { token: owner.token, body: { email: target.email } }))).toEqual([403, 'The new owner does not have enough storage for this content']);
    expect((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: id } })).userId).toBe(owner.user.id);
    expect((await db().user.findUniqueOrThrow({ where: { id: target.user.id } })).contentsCreatedThisMonth).toBe(0);
    expect(await audits(tenantA, 'content.transfer', id)).toHaveLength(0);
    // with room: the bytes move with the item
    await db().user.update({ where: { id: target.user.id }, data: { storageUsed: 0 } });
    const before = (await db().user.findUniqueOrThrow({ where: { id: owner.user.id } })).storageUsed;
    expect((await api('POST', `/h5p/content/${id}/transfer`, { token: owner.token, body: { email: target.email } })).status).toBe(200);
    const after = await db().user.findMany({ where: { id: { in: [owner.user.id, target.user.id] } }, select: { id: true, storageUsed: true, contentsCreatedThisMonth: true } });
    const t = after.find((u) => u.id === target.user.id)!;
    expect([Number(t.storageUsed), t.contentsCreatedThisMonth]).toEqual([4096, 1]);
    expect(Number(after.find((u) => u.id === owner.user.id)!.storageUsed)).toBe(Math.max(Number(before) - 4096, 0));
  });
});

describe("an admin reassigns a departing teacher's content", () => {
  it('moves every item and folder (tree kept, clashing names renamed) to a colleague, audited; refusals exact', async () => {
    const leaving = await signedInTenant(['teacher'], tenantA);
    const heir = await signedInTenant(['teacher'], tenantA);
    const top = (await api('POST', '/api/folders', { token: leaving.token, body: { name: 'Maths' } })).body.data.id as string;
    const sub = (await api('POST', '/api/folders', { token: leaving.token, body: { name: 'Algebra', parentId: top } })).body.data.id as string;
    expect((await api('POST', '/api/folders', { token: heir.token, body: { name: 'maths' } })).status).toBe(201);
    const a = await createContent(leaving.token, 'H5P.TrueFalse', { title: 'Leaving A' });
    const b = await createContent(leaving.token, 'H5P.TrueFalse', { title: 'Leaving B' });
    expect((await api('POST', '/api/folders/move', { token: leaving.token, body: { contentIds: [a], folderId: sub } })).status).toBe(200);
    // the heir held a share of one item: it goes (they own it now)
    expect((await share(leaving, b, heir.email, 'viewer')).status).toBe(201);
    const reassign = (who: Who, fromEmail: string, toEmail: string) => api('POST', '/api/admin/content/reassign', { token: who.token, body: { fromEmail, toEmail } });

    expect(err(await reassign(owner, leaving.email, heir.email))).toEqual([403, 'Admin access required']);
    expect(err(await reassign(adminA, leaving.email, foreign.email))).toEqual([404, 'No user with this email in this school']);
    expect(err(await reassign(adminA, uniqueEmail(), heir.email))).toEqual([404, 'No user with this email in this school']);
    expect(err(await reassign(adminA, leaving.email, leaving.email))).toEqual([400, 'Choose two different users']);
    expect(err(await reassign(adminA, leaving.email, student.email))).toEqual([400, 'Content can only be reassigned to a teacher, not to a student']);
    const noSchoolAdmin = await signedIn(['tenant_admin']);
    expect(err(await reassign(noSchoolAdmin, leaving.email, heir.email))).toEqual([403, 'Reassigning content is only available within a school']);
    // a super admin: both users in one school
    expect(err(await reassign(superAdmin, leaving.email, foreign.email))).toEqual([404, 'No user with this email in this school']);

    const res = await reassign(adminA, leaving.email, heir.email);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ message: 'Content reassigned', data: { items: 2, folders: 2, from: leaving.email, to: heir.email } });
    expect((await db().contentOwnership.findMany({ where: { contentId: { in: [a, b] } } })).map((o) => o.userId)).toEqual([heir.user.id, heir.user.id]);
    const folders = await db().contentFolder.findMany({ where: { id: { in: [top, sub] } }, orderBy: { createdAt: 'asc' } });
    expect(folders.map((f) => [f.ownerId, f.name, f.parentId])).toEqual([
      [heir.user.id, 'Maths (2)', null],
      [heir.user.id, 'Algebra', top],
    ]);
    expect((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: a } })).folderId).toBe(sub);
    expect(await db().contentShare.count({ where: { contentId: b } })).toBe(0);
    // the heir edits and deletes as the owner; the leaving teacher reads nothing private of it any more
    expect((await api('PUT', `/h5p/content/${a}`, { token: heir.token, body: tf() })).status).toBe(200);
    expect(err(await api('GET', `/h5p/content/${a}`, { token: leaving.token }))).toEqual([404, T.notFound]);
    expect((await api('DELETE', `/h5p/content/${b}`, { token: heir.token })).status).toBe(200);
    const rows = await audits(tenantA, 'content.reassign', leaving.user.id);
    expect(rows.map((r) => [r.actorId, r.targetType, r.targetLabel, r.details])).toEqual([[adminA.user.id, 'user', leaving.email, { from: leaving.email, to: heir.email, items: 2, folders: 2 }]]);
  });

  it('a super admin reassigns within one school', async () => {
    const x = await signedInTenant(['teacher'], tenantB);
    const y = await signedInTenant(['teacher'], tenantB);
    const id = await createContent(x.token, 'H5P.TrueFalse', { title: 'Tenant B item' });
    const res = await api('POST', '/api/admin/content/reassign', { token: superAdmin.token, body: { fromEmail: x.email, toEmail: y.email } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ items: 1, folders: 0, from: x.email, to: y.email });
    expect((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: id } })).userId).toBe(y.user.id);
    expect(await audits(tenantB, 'content.reassign', x.user.id)).toHaveLength(1);
  });
});

describe('plays of a shared item', () => {
  it('an editor’s play is a preview like the owner’s; a viewer’s and a student’s are learners’ plays', async () => {
    const id = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Previewed together' });
    expect((await share(owner, id, editor.email, 'editor')).status).toBe(201);
    expect((await share(owner, id, viewer.email, 'viewer')).status).toBe(201);
    const play = async (who: Who) => {
      const token = await issuePlayerToken(who.user.id, id);
      const statement = {
        id: randomUUID(),
        actor: { name: 'browser', mbox: 'mailto:x@example.test' },
        verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
        object: { id: `${inject('appUrl')}/h5p/embed/${id}`, objectType: 'Activity', definition: { extensions: { 'http://h5p.org/x-api/h5p-local-content-id': id } } },
        result: { success: true, completion: true, score: { raw: 1, max: 1, min: 0, scaled: 1 } },
        timestamp: new Date().toISOString(),
      };
      const res = await api('POST', `/h5p/xapi/${id}?token=${encodeURIComponent(token)}`, { body: { attempt: randomUUID(), statements: [statement] }, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
      expect(res.status, res.text).toBe(201);
      return res.body.data.kind as string;
    };
    expect(await play(owner)).toBe('preview');
    expect(await play(editor)).toBe('preview');
    expect(await play(viewer)).toBe('attempt');
    expect(await play(student)).toBe('attempt');
  });
});
