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

/**
 * A teacher owning `n` items written in one statement each table (a list longer than one batch of the streamed
 * unpaged list): ties in every sort key (titles that differ only in case or not at all, three items per second of
 * last update, five view counts, four scores), curriculum on half, tags on a third, all scored (no background
 * report changes the quality order while a test compares lists).
 */
async function teacherWithManyItems(n: number, word: string) {
  const t = await signedIn(['teacher']);
  const prefix = `${word}-`;
  const base = new Date(Date.now() - 86_400_000).toISOString();
  await db().$executeRaw`INSERT INTO h5p_contents (id, title, main_library, metadata, parameters, created_at, updated_at, thumbnail_path)
    SELECT ${prefix} || i, ${word} || ' ' || (ARRAY['Beta', 'beta', 'alpha', 'Alpha'])[1 + i % 4] || ' ' || (i % 50), 'H5P.MultiChoice',
           jsonb_build_object('title', 'x', 'mainLibrary', 'H5P.MultiChoice', 'embedTypes', jsonb_build_array('iframe'), 'language', 'und', 'license', 'U',
             'preloadedDependencies', jsonb_build_array(jsonb_build_object('machineName', 'H5P.MultiChoice', 'majorVersion', 1, 'minorVersion', 16))),
           '{}'::jsonb, ${base}::timestamptz - ((i / 7) || ' seconds')::interval, ${base}::timestamptz - ((i / 3) || ' seconds')::interval,
           CASE WHEN i % 5 = 0 THEN 'images/picture-' || i || '.png' ELSE '' END
      FROM generate_series(1, ${n}::int) i`;
  await db().$executeRaw`INSERT INTO content_ownership (content_id, user_id, visibility, published_at, view_count, created_at, updated_at)
    SELECT ${prefix} || i, ${t.user.id}::uuid, CASE WHEN i % 3 = 0 THEN 'public' ELSE 'private' END, CASE WHEN i % 3 = 0 THEN now() END, i % 5, now(), now()
      FROM generate_series(1, ${n}::int) i`;
  await db().$executeRaw`INSERT INTO content_quality_reports (content_id, overall_score, blooms_level, accessibility_score, report)
    SELECT ${prefix} || i, 50 + (i % 4) * 10, 'understand', 70, '{}'::jsonb FROM generate_series(1, ${n}::int) i`;
  await db().$executeRaw`INSERT INTO content_curriculum_metadata (content_id, framework_code, framework_name, country_code, grade_code, grade_name,
           subject_code, subject_name, topic_codes, topic_names, difficulty, language, updated_at)
    SELECT ${prefix} || i, 'NZC', 'NZ Curriculum', 'NZ', 'Y' || (1 + i % 6), 'Year ' || (1 + i % 6), 'MATH', 'Mathematics', ARRAY['T1'], ARRAY['Fractions'], 'medium', 'en', now()
      FROM generate_series(1, ${n}::int) i WHERE i % 2 = 0`;
  await db().$executeRaw`INSERT INTO content_tags (content_id, tag) SELECT ${prefix} || i, 'unit-' || (i % 2) FROM generate_series(1, ${n}::int) i WHERE i % 3 = 0`;
  return t;
}

/** Every item of a list, page by page through the cursors (limit 100): what the streamed list must equal. */
async function pagedItems(token: string, query: Record<string, string | number | undefined>): Promise<{ items: unknown[]; total: number }> {
  const items: unknown[] = [];
  let total = -1;
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const q = new URLSearchParams(Object.entries({ ...query, limit: 100, cursor }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
    const res = await api('GET', `/h5p/content?${q}`, { token });
    expect(res.status).toBe(200);
    items.push(...res.body.data);
    total = res.body.total;
    if (!res.body.nextCursor) break;
    cursor = res.body.nextCursor;
  }
  return { items, total };
}

describe('GET /h5p/content without limit: streamed', () => {
  const N = 1_234; // more than two batches of CONTENT_LIST_BATCH (500)

  it('writes every item in batches: the same items, order and shape as the paged list, the envelope byte for byte, in every sort', async () => {
    for (const sortBy of ['updated', 'created', 'title', 'views', 'quality']) {
      // a teacher per sort: each call counts against the caller's API rate limit (100 in 15 minutes)
      const t = await teacherWithManyItems(N, uniqueWord('st'));
      for (const order of ['asc', 'desc']) {
        const res = await api('GET', `/h5p/content?sortBy=${sortBy}&order=${order}`, { token: t.token });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/json');
        // streamed: no length known in advance
        expect(res.headers.get('content-length')).toBeNull();
        expect(res.headers.get('transfer-encoding')).toBe('chunked');
        const paged = await pagedItems(t.token, { sortBy, order });
        expect(paged.items).toHaveLength(N);
        expect(new Set(paged.items.map((i) => (i as Item).id)).size).toBe(N);
        // what JSON.stringify writes for { success, data, total }: the members, their order and every value
        expect(res.text).toBe(JSON.stringify({ success: true, data: paged.items, total: N }));
      }
    }
  });

  it('takes filters, an offset and a cursor as a page does, the total counting the matches', async () => {
    const word = uniqueWord('sf');
    const t = await teacherWithManyItems(N, word);
    const all = await pagedItems(t.token, { sortBy: 'title' });
    // offset across a batch boundary: the items after it, the total of every match
    const rest = await api('GET', '/h5p/content?sortBy=title&offset=510', { token: t.token });
    expect(rest.text).toBe(JSON.stringify({ success: true, data: all.items.slice(510), total: N }));
    // filters
    const filters: Record<string, string>[] = [{ tag: 'unit-1' }, { visibility: 'public', sortBy: 'views' }, { gradeCode: 'Y3', sortBy: 'quality', order: 'asc' }, { search: `${word} alp` }];
    for (const query of filters) {
      const paged = await pagedItems(t.token, query);
      expect(paged.items.length).toBeGreaterThan(0);
      const res = await api('GET', `/h5p/content?${new URLSearchParams(query)}`, { token: t.token });
      expect(res.text).toBe(JSON.stringify({ success: true, data: paged.items, total: paged.total }));
    }
    // after a cursor: the items after its position
    const first = await api('GET', '/h5p/content?sortBy=quality&limit=100', { token: t.token });
    const after = await api('GET', `/h5p/content?sortBy=quality&cursor=${first.body.nextCursor}`, { token: t.token });
    const byQuality = await pagedItems(t.token, { sortBy: 'quality' });
    expect(after.body.data).toEqual(byQuality.items.slice(100));
    expect(after.body.nextCursor).toBeUndefined();
    // past the end: no item, the total of the matches
    const past = await api('GET', '/h5p/content?offset=5000', { token: t.token });
    expect(past.text).toBe(JSON.stringify({ success: true, data: [], total: N }));
  });

  it('answers an empty list as {"success":true,"data":[],"total":0} and refuses a bad cursor before it starts', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('GET', '/h5p/content', { token: t.token });
    expect([res.status, res.text]).toEqual([200, '{"success":true,"data":[],"total":0}']);
    const bad = await api('GET', '/h5p/content?cursor=not-a-cursor', { token: t.token });
    expect([bad.status, bad.body]).toEqual([400, { success: false, error: 'Validation error: cursor: not a cursor of this list' }]);
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
