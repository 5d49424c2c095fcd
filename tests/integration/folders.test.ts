// Content folders (issue 25 item 4): GET/POST /api/folders, PATCH/DELETE /api/folders/:id, POST /api/folders/move
// and the content list's folder filter — owner+tenant scoped, exact statuses and error texts, over real HTTP.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createContent, createTenant, signedIn, signedInTenant } from '../support/factories';
import { api } from '../support/http';

type Folder = { id: string; name: string; parentId: string | null; itemCount: number; createdAt: string; updatedAt: string };

const create = async (token: string, name: string, parentId?: string | null) => api('POST', '/api/folders', { token, body: parentId === undefined ? { name } : { name, parentId } });
const folder = async (token: string, name: string, parentId?: string | null): Promise<Folder> => {
  const res = await create(token, name, parentId);
  expect(res.status, res.text).toBe(201);
  return res.body.data as Folder;
};
const tree = async (token: string) => {
  const res = await api('GET', '/api/folders', { token });
  expect(res.status, res.text).toBe(200);
  return { folders: res.body.data as Folder[], rootItemCount: res.body.rootItemCount as number };
};
const move = (token: string, contentIds: string[], folderId: string | null) => api('POST', '/api/folders/move', { token, body: { contentIds, folderId } });
const listIds = async (token: string, query: string) => {
  const res = await api('GET', `/h5p/content?${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { id: string }[]).map((i) => i.id).sort();
};
const errorOf = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];

describe('folders: create, list, rename', () => {
  it('creates nested folders (201) and lists them flat with parentId and item counts', async () => {
    const t = await signedIn(['teacher']);
    expect((await tree(t.token))).toEqual({ folders: [], rootItemCount: 0 });
    const maths = await folder(t.token, '  Maths  ');
    expect(maths).toMatchObject({ name: 'Maths', parentId: null, itemCount: 0 });
    expect(Object.keys(maths).sort()).toEqual(['createdAt', 'id', 'itemCount', 'name', 'parentId', 'updatedAt']);
    const algebra = await folder(t.token, 'Algebra', maths.id);
    expect(algebra.parentId).toBe(maths.id);
    const a = await createContent({ ownerId: t.user.id });
    await createContent({ ownerId: t.user.id });
    expect((await move(t.token, [a.id], algebra.id)).status).toBe(200);
    const { folders, rootItemCount } = await tree(t.token);
    expect(folders.map((f) => [f.name, f.parentId, f.itemCount])).toEqual([
      ['Algebra', maths.id, 1],
      ['Maths', null, 0],
    ]);
    expect(rootItemCount).toBe(1);
    const row = await db().contentFolder.findUniqueOrThrow({ where: { id: maths.id } });
    expect([row.ownerId, row.tenantId]).toEqual([t.user.id, null]);
  });

  it('validates the name (1..100 characters) and the parent: 400s and 404 with exact texts, nothing written', async () => {
    const t = await signedIn(['teacher']);
    expect(errorOf(await create(t.token, '   '))).toEqual([400, 'Validation error: name: must not be empty']);
    expect(errorOf(await create(t.token, 'x'.repeat(101)))).toEqual([400, 'Validation error: name: must be at most 100 characters']);
    expect((await create(t.token, 'x'.repeat(100))).status).toBe(201);
    expect(errorOf(await api('POST', '/api/folders', { token: t.token, body: {} }))[0]).toBe(400);
    expect(errorOf(await create(t.token, 'Child', '00000000-0000-4000-8000-000000000000'))).toEqual([404, 'Folder not found']);
    expect(errorOf(await create(t.token, 'Child', 'not-a-uuid'))).toEqual([400, 'Validation error: parentId: must be a folder id']);
    expect((await tree(t.token)).folders).toHaveLength(1);
  });

  it('a name is unique among siblings, case-insensitively (409), but may repeat elsewhere in the tree', async () => {
    const t = await signedIn(['teacher']);
    const science = await folder(t.token, 'Science');
    expect(errorOf(await create(t.token, 'science'))).toEqual([409, 'A folder with this name already exists here']);
    await folder(t.token, 'Science', science.id);
    expect(errorOf(await create(t.token, 'SCIENCE', science.id))).toEqual([409, 'A folder with this name already exists here']);
    const other = await folder(t.token, 'Other');
    expect(errorOf(await api('PATCH', `/api/folders/${other.id}`, { token: t.token, body: { name: 'Science' } }))).toEqual([409, 'A folder with this name already exists here']);
    // another teacher's "Science" does not clash
    const u = await signedIn(['teacher']);
    await folder(u.token, 'Science');
    // concurrent creates of one name: exactly one wins
    const races = await Promise.all([1, 2, 3].map(() => create(t.token, 'Race')));
    expect(races.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('renames and moves a folder with PATCH; moving into itself or a subfolder is a 400', async () => {
    const t = await signedIn(['teacher']);
    const a = await folder(t.token, 'A');
    const b = await folder(t.token, 'B', a.id);
    const c = await folder(t.token, 'C', b.id);
    const renamed = await api('PATCH', `/api/folders/${b.id}`, { token: t.token, body: { name: 'Bee' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: b.id, name: 'Bee', parentId: a.id });
    const cycle = 'Validation error: parentId: a folder cannot move into itself or its subfolders';
    expect(errorOf(await api('PATCH', `/api/folders/${a.id}`, { token: t.token, body: { parentId: a.id } }))).toEqual([400, cycle]);
    expect(errorOf(await api('PATCH', `/api/folders/${a.id}`, { token: t.token, body: { parentId: c.id } }))).toEqual([400, cycle]);
    expect(errorOf(await api('PATCH', `/api/folders/${b.id}`, { token: t.token, body: { parentId: c.id } }))).toEqual([400, cycle]);
    // to the top level, then under another branch
    const up = await api('PATCH', `/api/folders/${c.id}`, { token: t.token, body: { parentId: null } });
    expect(up.body.data).toMatchObject({ id: c.id, parentId: null });
    const down = await api('PATCH', `/api/folders/${a.id}`, { token: t.token, body: { parentId: c.id } });
    expect(down.status).toBe(200);
    const { folders } = await tree(t.token);
    expect(Object.fromEntries(folders.map((f) => [f.name, f.parentId]))).toEqual({ A: c.id, Bee: a.id, C: null });
  });

  it('nests at most 8 levels: creating or moving deeper is a 400', async () => {
    const t = await signedIn(['teacher']);
    let parent: string | null = null;
    const chain: Folder[] = [];
    for (let i = 1; i <= 8; i++) {
      const f: Folder = await folder(t.token, `L${i}`, parent);
      chain.push(f);
      parent = f.id;
    }
    const deep = 'Validation error: parentId: folders nest at most 8 levels deep';
    expect(errorOf(await create(t.token, 'L9', parent))).toEqual([400, deep]);
    // a two-level subtree cannot go under level 7
    const two = await folder(t.token, 'Two');
    await folder(t.token, 'Inner', two.id);
    expect(errorOf(await api('PATCH', `/api/folders/${two.id}`, { token: t.token, body: { parentId: chain[6]!.id } }))).toEqual([400, deep]);
    expect((await api('PATCH', `/api/folders/${two.id}`, { token: t.token, body: { parentId: chain[5]!.id } })).status).toBe(200);
  });
});

describe('folders: ownership', () => {
  it("another user's folder is a 404 for every route; the list shows only the caller's", async () => {
    const owner = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const f = await folder(owner.token, 'Private');
    const mine = await createContent({ ownerId: other.user.id });
    const nf = [404, 'Folder not found'];
    expect(errorOf(await api('PATCH', `/api/folders/${f.id}`, { token: other.token, body: { name: 'Mine now' } }))).toEqual(nf);
    expect(errorOf(await api('DELETE', `/api/folders/${f.id}`, { token: other.token }))).toEqual(nf);
    expect(errorOf(await create(other.token, 'Inside', f.id))).toEqual(nf);
    expect(errorOf(await move(other.token, [mine.id], f.id))).toEqual(nf);
    expect(errorOf(await api('PATCH', '/api/folders/nope', { token: owner.token, body: { name: 'x' } }))).toEqual(nf);
    expect((await tree(other.token)).folders).toEqual([]);
    expect((await db().contentFolder.findUniqueOrThrow({ where: { id: f.id } })).name).toBe('Private');
  });

  it('folders are scoped to the tenant the user belongs to', async () => {
    const tenant = await createTenant();
    const t = await signedInTenant(['teacher'], tenant.id);
    const f = await folder(t.token, 'Tenant folder');
    expect((await db().contentFolder.findUniqueOrThrow({ where: { id: f.id } })).tenantId).toBe(tenant.id);
    // a row of the same owner under another tenant (left from before a move) is not theirs here
    const stray = await db().contentFolder.create({ data: { ownerId: t.user.id, tenantId: null, name: 'Elsewhere' } });
    expect((await tree(t.token)).folders.map((x) => x.name)).toEqual(['Tenant folder']);
    expect(errorOf(await api('DELETE', `/api/folders/${stray.id}`, { token: t.token }))).toEqual([404, 'Folder not found']);
  });

  it('a student may list (nothing) but not create folders', async () => {
    const s = await signedIn(['student']);
    expect(await tree(s.token)).toEqual({ folders: [], rootItemCount: 0 });
    expect((await create(s.token, 'Nope')).status).toBe(403);
    expect((await api('GET', '/api/folders')).status).toBe(401);
  });
});

describe('folders: moving content', () => {
  it("moves the caller's own items into a folder and back to the top level; others' items are a 404 that moves nothing", async () => {
    const t = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const f = await folder(t.token, 'Unit 1');
    const [a, b] = [await createContent({ ownerId: t.user.id }), await createContent({ ownerId: t.user.id })];
    const theirs = await createContent({ ownerId: other.user.id, visibility: 'public' });
    const res = await move(t.token, [a.id, b.id, a.id], f.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ moved: 2, folderId: f.id });
    expect((await tree(t.token)).folders[0]!.itemCount).toBe(2);
    expect(errorOf(await move(t.token, [a.id, theirs.id], null))).toEqual([404, 'Content not found']);
    expect(errorOf(await move(t.token, ['no-such-content'], null))).toEqual([404, 'Content not found']);
    const rows = await db().contentOwnership.findMany({ where: { contentId: { in: [a.id, theirs.id] } }, select: { contentId: true, folderId: true } });
    expect(Object.fromEntries(rows.map((r) => [r.contentId, r.folderId]))).toEqual({ [a.id]: f.id, [theirs.id]: null });
    expect((await move(t.token, [a.id], null)).body.data).toEqual({ moved: 1, folderId: null });
    expect(errorOf(await api('POST', '/api/folders/move', { token: t.token, body: { contentIds: [], folderId: null } }))[0]).toBe(400);
    expect(errorOf(await api('POST', '/api/folders/move', { token: t.token, body: { contentIds: [a.id] } }))[0]).toBe(400);
  });

  it('filters the content list by folder (an id or root); cursors keep the filter', async () => {
    const t = await signedIn(['teacher']);
    const f = await folder(t.token, 'Filter');
    const sub = await folder(t.token, 'Sub', f.id);
    const items = [];
    for (let i = 0; i < 4; i++) items.push(await createContent({ ownerId: t.user.id, title: `Item ${i}` }));
    await move(t.token, [items[0]!.id, items[1]!.id, items[2]!.id], f.id);
    await move(t.token, [items[2]!.id], sub.id);
    expect(await listIds(t.token, `folder=${f.id}`)).toEqual([items[0]!.id, items[1]!.id].sort());
    expect(await listIds(t.token, `folder=${sub.id}`)).toEqual([items[2]!.id]);
    expect(await listIds(t.token, 'folder=root')).toEqual([items[3]!.id]);
    expect(await listIds(t.token, '')).toHaveLength(4);
    const page = await api('GET', `/h5p/content?folder=${f.id}&limit=1`, { token: t.token });
    expect(page.body.total).toBe(2);
    const next = await api('GET', `/h5p/content?folder=${f.id}&limit=1&cursor=${encodeURIComponent(page.body.nextCursor)}`, { token: t.token });
    expect(next.status).toBe(200);
    expect(next.body.data.map((i: { id: string }) => i.id)).toHaveLength(1);
    expect(next.body.nextCursor).toBeUndefined();
    // another user's folder id shows none of its items
    const other = await signedIn(['teacher']);
    expect(await listIds(other.token, `folder=${f.id}`)).toEqual([]);
    const bad = await api('GET', '/h5p/content?folder=nope', { token: t.token });
    expect(errorOf(bad)).toEqual([400, 'Validation error: folder: must be a folder id or root']);
  });
});

describe('folders: delete', () => {
  it('moves the items to the parent and the subfolders up one level (renamed when the name is taken); deletes no content', async () => {
    const t = await signedIn(['teacher']);
    const top = await folder(t.token, 'Top');
    const mid = await folder(t.token, 'Mid', top.id);
    const clash = await folder(t.token, 'Clash', top.id);
    const inner = await folder(t.token, 'Clash', mid.id);
    const same = await folder(t.token, 'Mid', mid.id);
    const leaf = await folder(t.token, 'Leaf', mid.id);
    const [x, y] = [await createContent({ ownerId: t.user.id }), await createContent({ ownerId: t.user.id })];
    await move(t.token, [x.id, y.id], mid.id);
    const res = await api('DELETE', `/api/folders/${mid.id}`, { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Folder deleted');
    expect(res.body.data).toEqual({ itemsMoved: 2, foldersMoved: 3, parentId: top.id });
    const { folders } = await tree(t.token);
    const byId = Object.fromEntries(folders.map((f) => [f.id, f]));
    expect(byId[mid.id]).toBeUndefined();
    expect(byId[clash.id]).toMatchObject({ name: 'Clash', parentId: top.id });
    expect(byId[inner.id]).toMatchObject({ name: 'Clash (2)', parentId: top.id });
    expect(byId[same.id]).toMatchObject({ name: 'Mid', parentId: top.id });
    expect(byId[leaf.id]).toMatchObject({ name: 'Leaf', parentId: top.id });
    expect(byId[top.id]!.itemCount).toBe(2);
    expect(await db().h5pContent.count({ where: { id: { in: [x.id, y.id] } } })).toBe(2);
    // a top-level folder: its items go to the top level
    await move(t.token, [x.id], leaf.id);
    await api('DELETE', `/api/folders/${top.id}`, { token: t.token });
    await api('DELETE', `/api/folders/${leaf.id}`, { token: t.token });
    expect((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: x.id } })).folderId).toBeNull();
    expect((await tree(t.token)).rootItemCount).toBe(2);
    expect(errorOf(await api('DELETE', `/api/folders/${top.id}`, { token: t.token }))).toEqual([404, 'Folder not found']);
  });
});
