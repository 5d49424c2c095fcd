import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createContent, signedIn, uniqueWord } from '../support/factories';
import { api } from '../support/http';
import { freshLimits } from '../support/rate-limits';

type Caller = { token: string; user: { id: string; name: string } };
let owner: Caller;
let other: Caller;

beforeAll(async () => {
  owner = await signedIn(['teacher']);
  other = await signedIn(['teacher']);
});
// the file's two teachers make more calls than one user's API tier allows in a window (100, per user since issue 22
// item 13): each test starts their windows afresh
beforeEach(() => freshLimits(owner.user.id, other.user.id));

const create = async (who: Caller, body: object = {}) => {
  const res = await api('POST', '/api/collections', { token: who.token, body: { title: 'My collection', ...body } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; itemCount: number; updatedAt: string };
};
const add = (who: Caller, id: string, body: object) => api('POST', `/api/collections/${id}/items`, { token: who.token, body });
const detail = (who: Caller, id: string) => api('GET', `/api/collections/${id}`, { token: who.token });

describe('POST /api/collections', () => {
  it('creates a private collection with the given fields (201)', async () => {
    const res = await api('POST', '/api/collections', {
      token: owner.token,
      body: { title: 'Fractions', description: 'Year 5', frameworkCode: 'NZC', frameworkName: 'NZ', gradeCode: 'Y5', gradeName: 'Year 5', subjectCode: 'MATH', subjectName: 'Maths', topicCodes: ['T1'], topicNames: ['Fractions'], difficulty: 'easy', language: 'en' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      userId: owner.user.id,
      title: 'Fractions',
      description: 'Year 5',
      coverImageUrl: null,
      visibility: 'private',
      frameworkCode: 'NZC',
      gradeCode: 'Y5',
      subjectCode: 'MATH',
      topicCodes: ['T1'],
      topicNames: ['Fractions'],
      difficulty: 'easy',
      language: 'en',
      itemCount: 0,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof res.body.data.createdAt).toBe('string');
  });

  it.each([
    ['no title', {}],
    ['an empty title', { title: '' }],
    ['a title over 500 characters', { title: 'x'.repeat(501) }],
    ['a description over 2000 characters', { title: 't', description: 'x'.repeat(2001) }],
    ['frameworkCode over 50 characters', { title: 't', frameworkCode: 'x'.repeat(51) }],
    ['gradeCode over 50 characters', { title: 't', gradeCode: 'x'.repeat(51) }],
    ['subjectCode over 100 characters', { title: 't', subjectCode: 'x'.repeat(101) }],
    ['subjectName over 255 characters', { title: 't', subjectName: 'x'.repeat(256) }],
    ['a topic code over 100 characters', { title: 't', topicCodes: ['x'.repeat(101)] }],
    ['a topic name over 255 characters', { title: 't', topicNames: ['x'.repeat(256)] }],
    ['an unknown difficulty', { title: 't', difficulty: 'extreme' }],
    ['language over 10 characters', { title: 't', language: 'x'.repeat(11) }],
  ])('answers 400 Validation error for %s', async (_n, body) => {
    const res = await api('POST', '/api/collections', { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Validation error: /);
  });

  it('is teacher level: a student gets 403, no token 401', async () => {
    const student = await signedIn(['student']);
    expect((await api('POST', '/api/collections', { token: student.token, body: { title: 't' } })).status).toBe(403);
    const anon = await api('POST', '/api/collections', { body: { title: 't' } });
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('Authentication required');
  });
});

describe('GET /api/collections', () => {
  it("lists only the caller's collections, newest update first, with total and bounds", async () => {
    const me = await signedIn(['teacher']);
    const a = await create(me, { title: 'A' });
    const b = await create(me, { title: 'B' });
    const c = await create(me, { title: 'C' });
    await create(other, { title: 'not mine', visibility: undefined });
    await api('PATCH', `/api/collections/${a.id}`, { token: me.token, body: { description: 'touched' } });
    const res = await api('GET', '/api/collections', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([a.id, c.id, b.id]);
    const page = await api('GET', '/api/collections?offset=1&limit=1', { token: me.token });
    expect(page.body.data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(page.body.total).toBe(3);
    for (const q of ['limit=0', 'limit=51', 'offset=-1', 'limit=abc']) {
      const bad = await api('GET', `/api/collections?${q}`, { token: me.token });
      expect(bad.status, q).toBe(400);
      expect(bad.body.error).toMatch(/^Validation error: /);
    }
    expect((await api('GET', '/api/collections?limit=50', { token: me.token })).status).toBe(200);
  });

  it('a student can list (user level); no token is 401', async () => {
    const student = await signedIn(['student']);
    const res = await api('GET', '/api/collections', { token: student.token });
    expect(res.body).toEqual({ success: true, data: [], total: 0 });
    expect((await api('GET', '/api/collections')).status).toBe(401);
  });
});

describe('GET /api/collections/:id', () => {
  it('shows a private collection to its owner only: others get 404 Collection not found', async () => {
    const c = await create(owner);
    expect((await detail(owner, c.id)).status).toBe(200);
    const res = await detail(other, c.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Collection not found' });
  });

  it('shows a public collection to others', async () => {
    const c = await create(owner);
    await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { visibility: 'public' } });
    const res = await detail(other, c.id);
    expect(res.status).toBe(200);
    expect(res.body.data.collection).toMatchObject({ id: c.id, visibility: 'public' });
  });

  it('answers 404 Collection not found for unknown and malformed ids', async () => {
    expect((await detail(owner, randomUUID())).body.error).toBe('Collection not found');
    expect((await detail(owner, 'not-a-uuid')).status).toBe(404);
  });

  it('computes each item status on read: available, restricted, unavailable', async () => {
    const mine = await createContent({ ownerId: owner.user.id, title: 'Mine', mainLibrary: 'H5P.TrueFalse', curriculum: { subjectCode: 'SCI' }, quality: { overallScore: 77, dimensions: { clarity: 70 } } });
    const theirsPublic = await createContent({ ownerId: other.user.id, title: 'Theirs', visibility: 'public' });
    const goesPrivate = await createContent({ ownerId: other.user.id, title: 'Goes private', visibility: 'public' });
    const deleted = await createContent({ ownerId: other.user.id, title: 'Deleted', visibility: 'public' });
    const c = await create(owner);
    const added = await add(owner, c.id, { contentIds: [mine.id, theirsPublic.id, goesPrivate.id, deleted.id] });
    expect(added.status).toBe(201);
    await db().contentOwnership.update({ where: { contentId: goesPrivate.id }, data: { visibility: 'private' } });
    await db().h5pContent.delete({ where: { id: deleted.id } });

    const res = await detail(owner, c.id);
    expect(res.status).toBe(200);
    const items = res.body.data.items as Record<string, unknown>[];
    expect(items.map((i) => [i.contentId, i.position, i.status])).toEqual([
      [mine.id, 0, 'available'],
      [theirsPublic.id, 1, 'available'],
      [null, 2, 'restricted'],
      [deleted.id, 3, 'unavailable'],
    ]);
    expect(items[0]).toMatchObject({
      collectionId: c.id,
      title: 'Mine',
      mainLibrary: 'H5P.TrueFalse',
      contentTypeSlug: 'true-false',
      authorId: owner.user.id,
      authorName: owner.user.name,
      curriculum: { subjectCode: 'SCI', frameworkCode: 'NZC', gradeCode: 'Y5', difficulty: 'medium', language: 'en', topicCodes: [], topicNames: [] },
      quality: { overallScore: 77, dimensions: { clarity: 70 } },
    });
    expect(typeof items[0]!.addedAt).toBe('string');
    expect(items[1]).toMatchObject({ curriculum: null, quality: null, authorId: other.user.id });
    expect(items[3]).toMatchObject({ title: null, mainLibrary: null, contentTypeSlug: 'unknown' });
    // a restricted item shows no title, content id, type or author (issue 7 item 3)
    expect(items[2]).toEqual({
      id: expect.any(String), collectionId: c.id, contentId: null, position: 2, addedAt: expect.any(String),
      title: null, mainLibrary: null, contentTypeSlug: null, authorId: null, authorName: null, status: 'restricted', curriculum: null, quality: null,
    });
    // the owner of private content sees it as available in a public collection
    await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { visibility: 'public' } });
    const seenByOther = await detail(other, c.id);
    const statuses = (seenByOther.body.data.items as { contentId: string; status: string }[]).map((i) => [i.contentId, i.status]);
    expect(statuses).toContainEqual([goesPrivate.id, 'available']);
  });
});

describe('PATCH and DELETE /api/collections/:id', () => {
  it('updates any subset of fields for the owner', async () => {
    const c = await create(owner, { description: 'old', language: 'en' });
    const res = await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { title: 'New', visibility: 'public', difficulty: 'hard' } });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    const after = (await detail(owner, c.id)).body.data.collection;
    expect(after).toMatchObject({ title: 'New', visibility: 'public', difficulty: 'hard', description: 'old', language: 'en' });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(c.updatedAt));
  });

  it('answers 400 for an invalid visibility or an empty title', async () => {
    const c = await create(owner);
    expect((await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { visibility: 'secret' } })).status).toBe(400);
    expect((await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { title: '' } })).status).toBe(400);
  });

  it('answers 404 User does not own collection to another teacher, even for a public collection', async () => {
    const c = await create(owner);
    await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { visibility: 'public' } });
    for (const [method, path, body] of [
      ['PATCH', `/api/collections/${c.id}`, { title: 'hijack' }],
      ['DELETE', `/api/collections/${c.id}`, undefined],
      ['POST', `/api/collections/${c.id}/items`, { contentId: 'x' }],
      ['DELETE', `/api/collections/${c.id}/items/${randomUUID()}`, undefined],
      ['PATCH', `/api/collections/${c.id}/items/reorder`, { items: [{ id: randomUUID(), position: 0 }] }],
    ] as const) {
      const res = await api(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('User does not own collection');
    }
    expect((await detail(owner, c.id)).body.data.collection.title).toBe('My collection');
  });

  it('answers 404 Collection not found for an unknown collection', async () => {
    const res = await api('PATCH', `/api/collections/${randomUUID()}`, { token: owner.token, body: { title: 'x' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Collection not found');
    expect((await api('DELETE', `/api/collections/${randomUUID()}`, { token: owner.token })).body.error).toBe('Collection not found');
  });

  it('deletes the collection with its items', async () => {
    const content = await createContent({ ownerId: owner.user.id });
    const c = await create(owner);
    await add(owner, c.id, { contentId: content.id });
    const res = await api('DELETE', `/api/collections/${c.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect((await detail(owner, c.id)).status).toBe(404);
    expect(await db().collectionItem.count({ where: { collectionId: c.id } })).toBe(0);
  });
});

describe('POST /api/collections/:id/items', () => {
  it('adds a single item at the next position (201) and raises itemCount', async () => {
    const [a, b] = [await createContent({ ownerId: owner.user.id }), await createContent({ ownerId: other.user.id, visibility: 'public' })];
    const c = await create(owner);
    const first = await add(owner, c.id, { contentId: a.id });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ collectionId: c.id, contentId: a.id, position: 0 });
    expect(first.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await add(owner, c.id, { contentId: b.id });
    expect(second.body.data.position).toBe(1);
    expect((await detail(owner, c.id)).body.data.collection.itemCount).toBe(2);
  });

  it('answers 409 Item already exists for a duplicate single add', async () => {
    const a = await createContent({ ownerId: owner.user.id });
    const c = await create(owner);
    await add(owner, c.id, { contentId: a.id });
    const res = await add(owner, c.id, { contentId: a.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: 'Item already exists' });
    expect((await detail(owner, c.id)).body.data.collection.itemCount).toBe(1);
  });

  it('adds a batch, ignoring duplicates and raising itemCount only for inserted items', async () => {
    const [a, b, d] = await Promise.all([1, 2, 3].map(() => createContent({ ownerId: owner.user.id })));
    const c = await create(owner);
    await add(owner, c.id, { contentId: a!.id });
    const res = await add(owner, c.id, { contentIds: [a!.id, b!.id, b!.id, d!.id] });
    expect(res.status).toBe(201);
    expect(res.body.data.map((i: { contentId: string; position: number }) => [i.contentId, i.position])).toEqual([
      [b!.id, 1],
      [d!.id, 2],
    ]);
    expect((await detail(owner, c.id)).body.data.collection.itemCount).toBe(3);
    const again = await add(owner, c.id, { contentIds: [a!.id, d!.id] });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual([]);
    expect((await detail(owner, c.id)).body.data.collection.itemCount).toBe(3);
  });

  it('answers 400 Either contentId or contentIds must be provided', async () => {
    const c = await create(owner);
    const res = await add(owner, c.id, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Either contentId or contentIds must be provided' });
  });

  it('answers 400 for ids over 100 characters or an empty batch', async () => {
    const c = await create(owner);
    expect((await add(owner, c.id, { contentId: 'x'.repeat(101) })).body.error).toMatch(/^Validation error: /);
    expect((await add(owner, c.id, { contentIds: ['x'.repeat(101)] })).status).toBe(400);
    expect((await add(owner, c.id, { contentIds: [] })).status).toBe(400);
  });

  it("answers 404 Content <id> not found or not accessible for missing or others' private content", async () => {
    const hidden = await createContent({ ownerId: other.user.id, visibility: 'private' });
    const mine = await createContent({ ownerId: owner.user.id });
    const c = await create(owner);
    const missing = `missing-${uniqueWord()}`;
    const r1 = await add(owner, c.id, { contentId: missing });
    expect(r1.status).toBe(404);
    expect(r1.body.error).toBe(`Content ${missing} not found or not accessible`);
    const r2 = await add(owner, c.id, { contentIds: [mine.id, hidden.id] });
    expect(r2.status).toBe(404);
    expect(r2.body.error).toBe(`Content ${hidden.id} not found or not accessible`);
    expect((await detail(owner, c.id)).body.data.items).toEqual([]);
  });

  it('accepts content without an ownership record', async () => {
    const unowned = await createContent({ ownerId: null });
    const c = await create(owner);
    expect((await add(owner, c.id, { contentId: unowned.id })).status).toBe(201);
  });

  it('keeps positions unique under concurrent adds', async () => {
    const contents = await Promise.all([1, 2, 3, 4, 5].map(() => createContent({ ownerId: owner.user.id })));
    const c = await create(owner);
    const answers = await Promise.all(contents.map((x) => add(owner, c.id, { contentId: x.id })));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const items = (await detail(owner, c.id)).body.data.items as { position: number }[];
    expect(items.map((i) => i.position)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('removing and reordering items', () => {
  async function collectionOf(n: number) {
    const contents = [];
    for (let i = 0; i < n; i++) contents.push(await createContent({ ownerId: owner.user.id, title: `Item ${i}` }));
    const c = await create(owner);
    const res = await add(owner, c.id, { contentIds: contents.map((x) => x.id) });
    return { c, items: res.body.data as { id: string; contentId: string; position: number }[] };
  }
  const order = async (id: string) => ((await detail(owner, id)).body.data.items as { id: string; position: number }[]).map((i) => [i.id, i.position]);

  it('removes an item and keeps positions contiguous', async () => {
    const { c, items } = await collectionOf(4);
    const res = await api('DELETE', `/api/collections/${c.id}/items/${items[1]!.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect(await order(c.id)).toEqual([
      [items[0]!.id, 0],
      [items[2]!.id, 1],
      [items[3]!.id, 2],
    ]);
    expect((await detail(owner, c.id)).body.data.collection.itemCount).toBe(3);
  });

  it('answers 404 Item not found in collection for an unknown item or an item of another collection', async () => {
    const { c } = await collectionOf(1);
    const { items: otherItems } = await collectionOf(1);
    for (const itemId of [randomUUID(), otherItems[0]!.id, 'nope']) {
      const res = await api('DELETE', `/api/collections/${c.id}/items/${itemId}`, { token: owner.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Item not found in collection');
    }
  });

  it('reorders items to the requested positions and keeps them contiguous', async () => {
    const { c, items } = await collectionOf(3);
    const [a, b, d] = items.map((i) => i.id) as [string, string, string];
    const res = await api('PATCH', `/api/collections/${c.id}/items/reorder`, {
      token: owner.token,
      body: { items: [{ id: d, position: 0 }, { id: a, position: 1 }, { id: b, position: 2 }] },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect(await order(c.id)).toEqual([
      [d, 0],
      [a, 1],
      [b, 2],
    ]);
    // a partial move: the others keep their relative order; positions past the end go last
    await api('PATCH', `/api/collections/${c.id}/items/reorder`, { token: owner.token, body: { items: [{ id: d, position: 99 }] } });
    expect(await order(c.id)).toEqual([
      [a, 0],
      [b, 1],
      [d, 2],
    ]);
  });

  it('answers 400 for an empty list or bad entries, 404 for an item not in the collection', async () => {
    const { c, items } = await collectionOf(2);
    const path = `/api/collections/${c.id}/items/reorder`;
    expect((await api('PATCH', path, { token: owner.token, body: { items: [] } })).status).toBe(400);
    expect((await api('PATCH', path, { token: owner.token, body: { items: [{ id: 'x', position: 0 }] } })).status).toBe(400);
    expect((await api('PATCH', path, { token: owner.token, body: { items: [{ id: items[0]!.id, position: -1 }] } })).status).toBe(400);
    const res = await api('PATCH', path, { token: owner.token, body: { items: [{ id: randomUUID(), position: 0 }] } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Item not found in collection');
  });
});

describe('GET /api/collections/:id/suggestions', () => {
  it("analyses Bloom's levels and suggests matching public content, gap-fillers first", async () => {
    const subject = uniqueWord('SUB');
    const curriculum = { frameworkCode: 'NZC', gradeCode: 'Y5', subjectCode: subject, difficulty: 'medium', language: 'en' };
    const author = await signedIn(['teacher']);
    // items: two remember, one understand (their content types' levels: none has a quality report)
    const items = [
      await createContent({ ownerId: owner.user.id, mainLibrary: 'H5P.TrueFalse' }),
      await createContent({ ownerId: owner.user.id, mainLibrary: 'H5P.Flashcards' }),
      await createContent({ ownerId: owner.user.id, mainLibrary: 'H5P.Summary' }),
    ];
    // candidates
    const fillsGap = await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Essay', title: 'Essay', curriculum });
    const noGap = await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.TrueFalse', title: 'TF', curriculum, quality: { overallScore: 99, bloomsLevel: 'remember' } });
    // its quality report says analyze: the analysis counts it there, not at its type's level (understand)
    const alreadyIn = await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Chart', curriculum, quality: { overallScore: 70, bloomsLevel: 'analyze' } });
    await createContent({ ownerId: owner.user.id, visibility: 'public', mainLibrary: 'H5P.Chart', curriculum }); // the caller's own
    await createContent({ ownerId: author.user.id, visibility: 'private', mainLibrary: 'H5P.Chart', curriculum }); // private
    await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Chart', curriculum: { ...curriculum, difficulty: 'hard' } }); // other difficulty
    await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Chart', curriculum: { ...curriculum, gradeCode: 'Y6' } }); // other grade
    const c = await create(owner, { frameworkCode: 'NZC', gradeCode: 'Y5', subjectCode: subject, difficulty: 'medium', language: 'en' });
    await add(owner, c.id, { contentIds: [...items.map((i) => i.id), alreadyIn.id] });

    const res = await api('GET', `/api/collections/${c.id}/suggestions`, { token: owner.token });
    expect(res.status).toBe(200);
    const { matchingContents, bloomsAnalysis } = res.body.data;
    expect(matchingContents.map((m: { contentId: string }) => m.contentId)).toEqual([fillsGap.id, noGap.id]);
    expect(matchingContents[0]).toMatchObject({
      contentId: fillsGap.id,
      title: 'Essay',
      mainLibrary: 'H5P.Essay',
      contentTypeSlug: 'essay',
      bloomsLevel: 'create',
      fillsGap: true,
      curriculum: { frameworkCode: 'NZC', gradeCode: 'Y5', subjectCode: subject },
    });
    expect(matchingContents[1]).toMatchObject({ bloomsLevel: 'remember', fillsGap: false });
    expect(bloomsAnalysis.distribution).toEqual({ remember: 50, understand: 25, apply: 0, analyze: 25, evaluate: 0, create: 0 });
    expect(bloomsAnalysis.gaps).toEqual(['apply', 'evaluate', 'create']);
    expect(bloomsAnalysis.score).toBe(50);
    expect(bloomsAnalysis.target).toEqual({ remember: 17.5, understand: 17.5, apply: 30, analyze: 11.67, evaluate: 11.67, create: 11.66 });
    expect(bloomsAnalysis.deviation).toEqual({ remember: 32.5, understand: 7.5, apply: -30, analyze: 13.33, evaluate: -11.67, create: -11.66 });
    expect(bloomsAnalysis.explanation).toEqual({ classified: 4, fromReports: 1, coveredLevels: 3, totalLevels: 6, pointsPerLevel: 16.67 });
  });

  it('is readable for public collections and 404 for private ones of others', async () => {
    const c = await create(owner);
    const hidden = await api('GET', `/api/collections/${c.id}/suggestions`, { token: other.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe('Collection not found');
    await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { visibility: 'public' } });
    const shown = await api('GET', `/api/collections/${c.id}/suggestions`, { token: other.token });
    expect(shown.status).toBe(200);
    expect(shown.body.data.bloomsAnalysis).toMatchObject({ score: 0, gaps: ['remember', 'understand', 'apply', 'analyze', 'evaluate', 'create'] });
  });
});
