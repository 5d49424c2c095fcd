// Lists that scale (issue 9 item 3): keyset cursors on My content (GET /h5p/content) and the marketplace — stable
// order, no duplicates or gaps while items are inserted, refused cursors — bounded offsets on every paged list,
// and the unpaged My content call still returning everything. Over real HTTP against the built app.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createContent, setPlan, signedIn, uniqueWord } from '../support/factories';
import { api } from '../support/http';

type Item = { id: string; title: string };
type Page = { status: number; items: Item[]; total: number; nextCursor: string | null; error?: string };

async function get(token: string, path: string, query: Record<string, string | number | undefined>): Promise<Page> {
  const q = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  const res = await api('GET', `${path}?${q}`, { token });
  return { status: res.status, items: res.body?.data ?? [], total: res.body?.total, nextCursor: res.body?.nextCursor ?? null, error: res.body?.error };
}

/** Follows nextCursor from the first page to the last; `between` runs after each page. */
async function walk(token: string, path: string, query: Record<string, string | number | undefined>, between?: (page: number) => Promise<void>) {
  const pages: Item[][] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const p = await get(token, path, { ...query, cursor });
    expect(p.status).toBe(200);
    pages.push(p.items);
    if (!p.nextCursor) break;
    cursor = p.nextCursor;
    await between?.(i);
  }
  return pages;
}

const ids = (items: Item[]) => items.map((i) => i.id);

/** A teacher owning `n` items: updated_at with ties (three items share each second), views and scores with ties. */
async function teacherWithItems(n: number, word: string) {
  const t = await signedIn(['teacher']);
  await setPlan(t.user.id, 'premium');
  const base = Date.now() - 3_600_000;
  for (let i = 0; i < n; i++) {
    const c = await createContent({ ownerId: t.user.id, title: `${word} ${['Beta', 'alpha', 'Gamma', 'delta'][i % 4]} ${i % 5}`, viewCount: i % 3, quality: { overallScore: 50 + (i % 4) * 10 } });
    await db().h5pContent.update({ where: { id: c.id }, data: { updatedAt: new Date(base + Math.floor(i / 3) * 1000) } });
  }
  return t;
}

describe('GET /h5p/content keyset cursor', () => {
  it('pages through every sort and direction in the same order as the unpaged list, without duplicates or gaps', async () => {
    const word = uniqueWord('kp');
    const t = await teacherWithItems(23, word);
    for (const sortBy of ['updated', 'created', 'title', 'views', 'quality']) {
      for (const order of [undefined, 'asc', 'desc']) {
        const all = await get(t.token, '/h5p/content', { sortBy, order });
        expect(all.items).toHaveLength(23);
        expect(all.nextCursor).toBeNull();
        const pages = await walk(t.token, '/h5p/content', { sortBy, order, limit: 5 });
        expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
        expect(ids(pages.flat())).toEqual(ids(all.items));
      }
    }
  });

  it('keeps its place while items are inserted before and after it: no item twice, none skipped', async () => {
    const word = uniqueWord('ki');
    const t = await teacherWithItems(12, word);
    const before = ids((await get(t.token, '/h5p/content', {})).items);
    const inserted: string[] = [];
    const pages = await walk(t.token, '/h5p/content', { limit: 4 }, async (i) => {
      // a newer item lands on the first page (an offset would now repeat an item); an older one on the last page
      const newer = await createContent({ ownerId: t.user.id, title: `${word} newer ${i}` });
      const older = await createContent({ ownerId: t.user.id, title: `${word} older ${i}` });
      await db().h5pContent.update({ where: { id: older.id }, data: { updatedAt: new Date(Date.now() - 86_400_000 * (i + 2)) } });
      inserted.push(newer.id);
      void older;
    });
    const seen = ids(pages.flat());
    expect(new Set(seen).size).toBe(seen.length);
    // every item that existed when paging started is seen exactly once, in its order
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    // items inserted above the cursor's position are not on later pages
    for (const id of inserted) expect(seen).not.toContain(id);
  });

  it('total is the number of matches on every page; the last page has nextCursor null; filters apply to cursor pages', async () => {
    const word = uniqueWord('kt');
    const t = await teacherWithItems(9, word);
    const first = await get(t.token, '/h5p/content', { limit: 4, search: 'alpha' });
    expect(first.total).toBe(2);
    expect(first.nextCursor).toBeNull();
    const p1 = await get(t.token, '/h5p/content', { limit: 4 });
    const p2 = await get(t.token, '/h5p/content', { limit: 4, cursor: p1.nextCursor! });
    const p3 = await get(t.token, '/h5p/content', { limit: 4, cursor: p2.nextCursor! });
    expect([p1.total, p2.total, p3.total]).toEqual([9, 9, 9]);
    expect([p1.items.length, p2.items.length, p3.items.length]).toEqual([4, 4, 1]);
    expect(p3.nextCursor).toBeNull();
  });

  it('refuses a cursor that is not one, one of another sort or filter, and a cursor with an offset (400 with a sentence)', async () => {
    const t = await teacherWithItems(5, uniqueWord('kr'));
    const p1 = await get(t.token, '/h5p/content', { limit: 2 });
    const cursor = p1.nextCursor!;
    const garbage = await get(t.token, '/h5p/content', { limit: 2, cursor: 'not-a-cursor' });
    expect([garbage.status, garbage.error]).toEqual([400, 'Validation error: cursor: not a cursor of this list']);
    const forged = Buffer.from(JSON.stringify({ s: JSON.parse(Buffer.from(cursor, 'base64url').toString()).s, k: ["2026-01-01'; DROP TABLE users; --", 'x'] })).toString('base64url');
    const bad = await get(t.token, '/h5p/content', { limit: 2, cursor: forged });
    expect([bad.status, bad.error]).toEqual([400, 'Validation error: cursor: not a cursor of this list']);
    const otherSort = await get(t.token, '/h5p/content', { limit: 2, cursor, sortBy: 'title' });
    expect([otherSort.status, otherSort.error]).toEqual([400, 'Validation error: cursor: it was issued for another sort order or other filters; start again from the first page']);
    const otherFilter = await get(t.token, '/h5p/content', { limit: 2, cursor, visibility: 'public' });
    expect(otherFilter.status).toBe(400);
    const withOffset = await get(t.token, '/h5p/content', { limit: 2, cursor, offset: 2 });
    expect([withOffset.status, withOffset.error]).toEqual([400, 'Validation error: cursor: cannot be combined with offset']);
    // another user's cursor names a position, not content: it pages through the caller's own items only
    const other = await signedIn(['teacher']);
    const theirs = await get(other.token, '/h5p/content', { limit: 2, cursor });
    expect([theirs.status, theirs.items, theirs.total]).toEqual([200, [], 0]);
  });

  it('bounds offset at 10,000 with a sentence; the unpaged call returns every item with nextCursor null', async () => {
    const t = await teacherWithItems(7, uniqueWord('ko'));
    const deep = await get(t.token, '/h5p/content', { limit: 20, offset: 10_001 });
    expect([deep.status, deep.error]).toEqual([400, 'Validation error: offset: must be at most 10000; page further with cursor']);
    expect((await get(t.token, '/h5p/content', { limit: 20, offset: 10_000 })).status).toBe(200);
    const all = await get(t.token, '/h5p/content', {});
    expect([all.items.length, all.total, all.nextCursor]).toEqual([7, 7, null]);
  });
});

describe('GET /api/marketplace/public-contents keyset cursor and bounded offset', () => {
  it('pages by cursor in every sort in the order of offset paging (null published dates and unscored items last)', async () => {
    const word = uniqueWord('mc');
    const author = await signedIn(['teacher']);
    const viewer = await signedIn(['teacher']);
    const base = Date.now() - 7_200_000;
    for (let i = 0; i < 13; i++) {
      await createContent({
        ownerId: author.user.id,
        visibility: 'public',
        title: `${word} item ${i}`,
        viewCount: i % 3,
        publishedAt: i % 5 === 4 ? null : new Date(base + Math.floor(i / 2) * 1000),
        quality: i % 3 === 0 ? undefined : { overallScore: 60 + (i % 2) * 10 },
      });
    }
    const L = '/api/marketplace/public-contents';
    for (const sortBy of ['newest', 'popular', 'quality']) {
      const byOffset: Item[] = [];
      for (let offset = 0; offset < 13; offset += 4) byOffset.push(...(await get(viewer.token, L, { search: word, sortBy, limit: 4, offset })).items);
      expect(byOffset).toHaveLength(13);
      const pages = await walk(viewer.token, L, { search: word, sortBy, limit: 4 });
      expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 1]);
      expect(ids(pages.flat())).toEqual(ids(byOffset));
      // the unfiltered quality sort runs as two index-ordered branches: the cursor continues both
      const unnarrowed = await get(viewer.token, L, { sortBy, limit: 3 });
      const next = await get(viewer.token, L, { sortBy, limit: 3, cursor: unnarrowed.nextCursor! });
      const twoPages = await get(viewer.token, L, { sortBy, limit: 6 });
      expect(ids([...unnarrowed.items, ...next.items])).toEqual(ids(twoPages.items.slice(0, unnarrowed.items.length + next.items.length)));
      expect(next.total).toBe(unnarrowed.total);
    }
  });

  it('refuses offsets past 10,000 and foreign cursors with a sentence', async () => {
    const viewer = await signedIn(['teacher']);
    const L = '/api/marketplace/public-contents';
    const deep = await get(viewer.token, L, { offset: 10_001 });
    expect([deep.status, deep.error]).toEqual([400, 'Validation error: offset: must be at most 10000; page further with cursor']);
    const garbage = await get(viewer.token, L, { cursor: '!!' });
    expect([garbage.status, garbage.error]).toEqual([400, 'Validation error: cursor: not a cursor of this list']);
    const p = await get(viewer.token, L, { limit: 1, sortBy: 'newest' });
    if (p.nextCursor) {
      const other = await get(viewer.token, L, { limit: 1, sortBy: 'popular', cursor: p.nextCursor });
      expect([other.status, other.error]).toEqual([400, 'Validation error: cursor: it was issued for another sort order or other filters; start again from the first page']);
    }
  });
});

describe('GET /api/collections bounded offset', () => {
  it('refuses offsets past 10,000 with a sentence', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('GET', '/api/collections?offset=10001', { token: t.token });
    expect([res.status, res.body.error]).toEqual([400, 'Validation error: offset: must be at most 10000']);
    expect((await api('GET', '/api/collections?offset=10000', { token: t.token })).status).toBe(200);
  });
});
