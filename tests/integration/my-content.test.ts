// My content at scale (issue 8 item 3): the list's query parameters and total, tags, duplicate, bulk actions,
// computed quality and type icons — over real HTTP against the built app.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { setPlan, signedIn, uniqueWord } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { SAMPLE_PARAMS, libraryString, originProbePackage } from '../support/h5p-packages';

beforeAll(async () => {
  await installTestLibraries();
});

type Item = Record<string, any>;
const list = async (token: string, query = '') => {
  const res = await api('GET', `/h5p/content${query ? `?${query}` : ''}`, { token });
  expect(res.status).toBe(200);
  return { items: res.body.data as Item[], total: res.body.total as number, body: res.body };
};
const titles = (items: Item[]) => items.map((i) => i.title);

/** A premium teacher (no monthly quota in the way) with `n` items made through the API. */
async function teacherWith(specs: { title: string; type?: string }[]) {
  const t = await signedIn(['teacher']);
  await setPlan(t.user.id, 'premium');
  const ids: string[] = [];
  for (const s of specs) ids.push(await createContent(t.token, s.type ?? 'H5P.TrueFalse', { title: s.title }));
  return { ...t, ids };
}

const metadata = (contentId: string, frameworkCode: string, gradeCode: string, subjectCode: string) => ({
  contentId, frameworkCode, frameworkName: `${frameworkCode} framework`, countryCode: 'NZ', gradeCode, gradeName: `Grade ${gradeCode}`, subjectCode, subjectName: `Subject ${subjectCode}`,
});

describe('GET /h5p/content query parameters', () => {
  it('without parameters returns every item of the caller with total, tags and icon members, newest update first', async () => {
    const t = await teacherWith([{ title: 'First' }, { title: 'Second' }, { title: 'Third' }]);
    const other = await signedIn(['teacher']);
    await createContent(other.token, 'H5P.TrueFalse', { title: 'Not mine' });
    const { items, total } = await list(t.token);
    expect(total).toBe(3);
    expect(titles(items)).toEqual(['Third', 'Second', 'First']);
    for (const i of items) {
      expect(i.tags).toEqual([]);
      expect(i).toHaveProperty('icon');
      expect(Object.keys(i).sort()).toEqual(['bloomsLevel', 'contentTypeSlug', 'contentTypeTitle', 'createdAt', 'curriculum', 'embedTypes', 'icon', 'id', 'mainLibrary', 'quality', 'tags', 'thumbnailUrl', 'title', 'updatedAt', 'viewCount', 'visibility'].sort());
    }
  });

  it('pages with offset and limit; total counts every match; a page past the end is empty with the total', async () => {
    const t = await teacherWith([{ title: 'P1' }, { title: 'P2' }, { title: 'P3' }, { title: 'P4' }, { title: 'P5' }]);
    const p1 = await list(t.token, 'limit=2');
    expect([titles(p1.items), p1.total]).toEqual([['P5', 'P4'], 5]);
    const p2 = await list(t.token, 'limit=2&offset=2');
    expect([titles(p2.items), p2.total]).toEqual([['P3', 'P2'], 5]);
    const p3 = await list(t.token, 'limit=2&offset=4');
    expect([titles(p3.items), p3.total]).toEqual([['P1'], 5]);
    const past = await list(t.token, 'limit=2&offset=10');
    expect([past.items, past.total]).toEqual([[], 5]);
    const rest = await list(t.token, 'offset=3');
    expect([titles(rest.items), rest.total]).toEqual([['P2', 'P1'], 5]);
  });

  it('searches titles by word prefix (search_vector), case-insensitively', async () => {
    const w = uniqueWord('ph');
    const t = await teacherWith([{ title: `${w} photosynthesis basics` }, { title: 'Volcanoes' }, { title: `Photosynthesis ${w} advanced` }]);
    const r = await list(t.token, `search=${encodeURIComponent(w.slice(0, 8).toUpperCase())}`);
    expect(titles(r.items).sort()).toEqual([`${w} photosynthesis basics`, `Photosynthesis ${w} advanced`].sort());
    expect(r.total).toBe(2);
    const two = await list(t.token, `search=${encodeURIComponent(`volc`)}`);
    expect(titles(two.items)).toEqual(['Volcanoes']);
    expect((await list(t.token, 'search=zzzznothing')).total).toBe(0);
    // punctuation only: no filter
    expect((await list(t.token, `search=${encodeURIComponent('&|!')}`)).total).toBe(3);
  });

  it('filters by type (machine name or slug) and visibility', async () => {
    const t = await teacherWith([{ title: 'TF', type: 'H5P.TrueFalse' }, { title: 'MC', type: 'H5P.MultiChoice' }, { title: 'Blanks', type: 'H5P.Blanks' }]);
    expect(titles((await list(t.token, 'type=H5P.MultiChoice')).items)).toEqual(['MC']);
    expect(titles((await list(t.token, 'type=fill-in-the-blanks')).items)).toEqual(['Blanks']);
    expect((await list(t.token, 'type=H5P.Nothing')).total).toBe(0);
    await api('PATCH', `/h5p/content/${t.ids[1]}/visibility`, { token: t.token, body: { visibility: 'public' } });
    const pub = await list(t.token, 'visibility=public');
    expect([titles(pub.items), pub.total]).toEqual([['MC'], 1]);
    const priv = await list(t.token, 'visibility=private');
    expect(titles(priv.items).sort()).toEqual(['Blanks', 'TF']);
  });

  it('filters by tag (normalised) and by curriculum codes', async () => {
    const t = await teacherWith([{ title: 'A' }, { title: 'B' }, { title: 'C' }]);
    const [a, b, c] = t.ids as [string, string, string];
    await api('PUT', `/h5p/content/${a}/tags`, { token: t.token, body: { tags: ['fractions', 'year5'] } });
    await api('PUT', `/h5p/content/${b}/tags`, { token: t.token, body: { tags: ['fractions'] } });
    expect(titles((await list(t.token, 'tag=fractions&sortBy=title')).items)).toEqual(['A', 'B']);
    expect(titles((await list(t.token, 'tag=%20YEAR5%20')).items)).toEqual(['A']);
    expect((await list(t.token, 'tag=none')).total).toBe(0);
    await db().contentCurriculumMetadata.create({ data: metadata(a, 'NZC', 'Y5', 'MATH') });
    await db().contentCurriculumMetadata.create({ data: metadata(b, 'NZC', 'Y6', 'MATH') });
    await db().contentCurriculumMetadata.create({ data: metadata(c, 'ACARA', 'Y5', 'SCI') });
    expect(titles((await list(t.token, 'frameworkCode=NZC&sortBy=title')).items)).toEqual(['A', 'B']);
    expect(titles((await list(t.token, 'gradeCode=Y5&sortBy=title')).items)).toEqual(['A', 'C']);
    expect(titles((await list(t.token, 'subjectCode=SCI')).items)).toEqual(['C']);
    expect(titles((await list(t.token, 'frameworkCode=NZC&gradeCode=Y6&subjectCode=MATH')).items)).toEqual(['B']);
    const item = (await list(t.token, 'subjectCode=SCI')).items[0]!;
    expect(item.curriculum).toMatchObject({ frameworkName: 'ACARA framework', gradeName: 'Grade Y5', subjectName: 'Subject SCI' });
  });

  it('sorts by updated, created, title, views and quality, in either order', async () => {
    const t = await teacherWith([{ title: 'banana' }, { title: 'Apple' }, { title: 'cherry' }]);
    const [banana, apple, cherry] = t.ids as [string, string, string];
    // updated: touch banana last
    await db().h5pContent.update({ where: { id: banana }, data: { updatedAt: new Date(Date.now() + 60_000) } });
    expect(titles((await list(t.token, 'sortBy=updated')).items)).toEqual(['banana', 'cherry', 'Apple']);
    expect(titles((await list(t.token, 'sortBy=updated&order=asc')).items)).toEqual(['Apple', 'cherry', 'banana']);
    expect(titles((await list(t.token, 'sortBy=created')).items)).toEqual(['cherry', 'Apple', 'banana']);
    expect(titles((await list(t.token, 'sortBy=created&order=asc')).items)).toEqual(['banana', 'Apple', 'cherry']);
    expect(titles((await list(t.token, 'sortBy=title')).items)).toEqual(['Apple', 'banana', 'cherry']);
    expect(titles((await list(t.token, 'sortBy=title&order=desc')).items)).toEqual(['cherry', 'banana', 'Apple']);
    await db().contentOwnership.update({ where: { contentId: apple }, data: { viewCount: 9 } });
    await db().contentOwnership.update({ where: { contentId: cherry }, data: { viewCount: 4 } });
    expect(titles((await list(t.token, 'sortBy=views')).items)).toEqual(['Apple', 'cherry', 'banana']);
    expect(titles((await list(t.token, 'sortBy=views&order=asc')).items)).toEqual(['banana', 'cherry', 'Apple']);
    // quality: fixed scores; an unscored item sorts last in both directions
    await waitForQuality(t.ids);
    await db().contentQualityReport.update({ where: { contentId: apple }, data: { overallScore: 40 } });
    await db().contentQualityReport.update({ where: { contentId: cherry }, data: { overallScore: 90 } });
    await db().contentQualityReport.delete({ where: { contentId: banana } });
    const q = await list(t.token, 'sortBy=quality&limit=3');
    expect(titles(q.items)).toEqual(['cherry', 'Apple', 'banana']);
    // (the list call queued banana's report: scored again in the background)
    await waitForQuality([banana]);
    await db().contentQualityReport.update({ where: { contentId: banana }, data: { overallScore: 60 } });
    expect(titles((await list(t.token, 'sortBy=quality&order=asc')).items)).toEqual(['Apple', 'banana', 'cherry']);
    expect(titles((await list(t.token, 'sortBy=quality&order=desc&limit=1&offset=1')).items)).toEqual(['banana']);
  });

  it.each([
    ['limit=0', 'Validation error: limit: Too small: expected number to be >=1'],
    ['limit=101', 'Validation error: limit: Too big: expected number to be <=100'],
    ['offset=-1', 'Validation error: offset: Too small: expected number to be >=0'],
    ['sortBy=rating', 'Validation error: sortBy: Invalid option: expected one of "updated"|"created"|"title"|"views"|"quality"'],
    ['order=up', 'Validation error: order: Invalid option: expected one of "asc"|"desc"'],
    ['visibility=secret', 'Validation error: visibility: Invalid option: expected one of "private"|"public"'],
    [`search=${'a'.repeat(501)}`, 'Validation error: search: Too big: expected string to have <=500 characters'],
    [`tag=${'a'.repeat(51)}`, 'Validation error: tag: Too big: expected string to have <=50 characters'],
  ])('answers 400 for %s', async (query, error) => {
    const t = await signedIn(['teacher']);
    const res = await api('GET', `/h5p/content?${query}`, { token: t.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error });
  });
});

async function waitForQuality(ids: string[]) {
  await expect.poll(async () => db().contentQualityReport.count({ where: { contentId: { in: ids } } }), { timeout: 10_000 }).toBe(ids.length);
}

describe('PUT /h5p/content/:contentId/tags', () => {
  it('replaces the set with lowercase, trimmed, de-duplicated tags shown in the list', async () => {
    const t = await teacherWith([{ title: 'Tagged' }]);
    const id = t.ids[0]!;
    const res = await api('PUT', `/h5p/content/${id}/tags`, { token: t.token, body: { tags: ['  Fractions ', 'year 5', 'FRACTIONS'] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ contentId: id, tags: ['fractions', 'year 5'] });
    expect((await list(t.token)).items[0]!.tags).toEqual(['fractions', 'year 5']);
    const again = await api('PUT', `/h5p/content/${id}/tags`, { token: t.token, body: { tags: ['algebra'] } });
    expect(again.body.data.tags).toEqual(['algebra']);
    expect((await db().contentTag.findMany({ where: { contentId: id } })).map((r) => r.tag)).toEqual(['algebra']);
    expect((await api('PUT', `/h5p/content/${id}/tags`, { token: t.token, body: { tags: [] } })).body.data.tags).toEqual([]);
    expect(await db().contentTag.count({ where: { contentId: id } })).toBe(0);
  });

  it.each([
    [{}, 'Validation error: tags: tags must be an array of strings'],
    [{ tags: 'a,b' }, 'Validation error: tags: tags must be an array of strings'],
    [{ tags: [1] }, 'Validation error: tags.0: each tag must be a string'],
    [{ tags: ['   '] }, 'Validation error: tags.0: a tag must not be empty'],
    [{ tags: ['x'.repeat(51)] }, 'Validation error: tags.0: a tag must be at most 50 characters'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'Validation error: tags: at most 20 tags per content'],
  ])('answers 400 for %j and stores nothing', async (body, error) => {
    const t = await teacherWith([{ title: 'Bad tags' }]);
    const id = t.ids[0]!;
    await api('PUT', `/h5p/content/${id}/tags`, { token: t.token, body: { tags: ['kept'] } });
    const res = await api('PUT', `/h5p/content/${id}/tags`, { token: t.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error });
    expect((await db().contentTag.findMany({ where: { contentId: id } })).map((r) => r.tag)).toEqual(['kept']);
  });

  it('accepts exactly 20 tags of 50 characters', async () => {
    const t = await teacherWith([{ title: 'Many tags' }]);
    const tags = Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}${'x'.repeat(48)}`);
    const res = await api('PUT', `/h5p/content/${t.ids[0]}/tags`, { token: t.token, body: { tags } });
    expect(res.status).toBe(200);
    expect(res.body.data.tags).toHaveLength(20);
  });

  it('answers 403 for another teacher (even of public content), 404 for unknown content, and leaves the tags alone', async () => {
    const t = await teacherWith([{ title: 'Mine' }]);
    const id = t.ids[0]!;
    await api('PUT', `/h5p/content/${id}/tags`, { token: t.token, body: { tags: ['mine'] } });
    await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } });
    const other = await signedIn(['teacher']);
    const res = await api('PUT', `/h5p/content/${id}/tags`, { token: other.token, body: { tags: ['theirs'] } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Only the owner can tag this content' });
    const unknown = await api('PUT', '/h5p/content/no-such-content/tags', { token: t.token, body: { tags: ['x'] } });
    expect([unknown.status, unknown.body]).toEqual([404, { success: false, error: 'Content not found' }]);
    const student = await signedIn(['student']);
    expect((await api('PUT', `/h5p/content/${id}/tags`, { token: student.token, body: { tags: ['x'] } })).status).toBe(403);
    expect((await db().contentTag.findMany({ where: { contentId: id } })).map((r) => r.tag)).toEqual(['mine']);
  });

  it('tags go with the content when it is deleted', async () => {
    const t = await teacherWith([{ title: 'Gone' }]);
    const id = t.ids[0]!;
    await api('PUT', `/h5p/content/${id}/tags`, { token: t.token, body: { tags: ['soon-gone'] } });
    expect((await api('DELETE', `/h5p/content/${id}`, { token: t.token })).status).toBe(200);
    expect(await db().contentTag.count({ where: { contentId: id } })).toBe(0);
  });
});

describe('POST /h5p/content/:contentId/duplicate', () => {
  it('makes a private copy titled "<title> (copy)" with the owner’s tags and curriculum, charged to the quota', async () => {
    const t = await teacherWith([{ title: 'Original', type: 'H5P.MultiChoice' }]);
    const id = t.ids[0]!;
    await api('PUT', `/h5p/content/${id}/tags`, { token: t.token, body: { tags: ['unit-1'] } });
    await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } });
    await db().contentCurriculumMetadata.create({ data: metadata(id, 'NZC', 'Y5', 'MATH') });
    const before = (await db().user.findUniqueOrThrow({ where: { id: t.user.id } })).contentsCreatedThisMonth;
    const res = await api('POST', `/h5p/content/${id}/duplicate`, { token: t.token });
    expect(res.status).toBe(201);
    const copyId = res.body.data.contentId as string;
    expect(copyId).not.toBe(id);
    const copy = (await list(t.token, 'sortBy=title')).items.find((i) => i.id === copyId)!;
    expect(copy).toMatchObject({ title: 'Original (copy)', mainLibrary: 'H5P.MultiChoice', visibility: 'private', viewCount: 0, tags: ['unit-1'], curriculum: { frameworkName: 'NZC framework' } });
    expect((await db().user.findUniqueOrThrow({ where: { id: t.user.id } })).contentsCreatedThisMonth).toBe(before + 1);
    const row = await db().h5pContent.findUniqueOrThrow({ where: { id: copyId } });
    expect((row.metadata as { title: string }).title).toBe('Original (copy)');
    expect(row.parameters).toEqual((await db().h5pContent.findUniqueOrThrow({ where: { id } })).parameters);
    // the copy plays
    expect((await api('GET', `/h5p/play/${copyId}`, { token: t.token })).status).toBe(200);
  });

  it('lets another teacher duplicate public content into their own private copy without the owner’s tags', async () => {
    const owner = await teacherWith([{ title: 'Shared' }]);
    const id = owner.ids[0]!;
    await api('PUT', `/h5p/content/${id}/tags`, { token: owner.token, body: { tags: ['owners-tag'] } });
    await api('PATCH', `/h5p/content/${id}/visibility`, { token: owner.token, body: { visibility: 'public' } });
    const other = await signedIn(['teacher']);
    const res = await api('POST', `/h5p/content/${id}/duplicate`, { token: other.token });
    expect(res.status).toBe(201);
    const mine = await list(other.token);
    expect(mine.items.map((i) => [i.id, i.title, i.visibility, i.tags])).toEqual([[res.body.data.contentId, 'Shared (copy)', 'private', []]]);
    expect(await db().contentOwnership.findUniqueOrThrow({ where: { contentId: res.body.data.contentId } })).toMatchObject({ userId: other.user.id });
  });

  it('answers 404 for content the caller may not read and for unknown content, copying nothing', async () => {
    const owner = await teacherWith([{ title: 'Private' }]);
    const other = await signedIn(['teacher']);
    const res = await api('POST', `/h5p/content/${owner.ids[0]}/duplicate`, { token: other.token });
    expect([res.status, res.body]).toEqual([404, { success: false, error: 'Content not found' }]);
    const unknown = await api('POST', '/h5p/content/no-such-content/duplicate', { token: other.token });
    expect([unknown.status, unknown.body]).toEqual([404, { success: false, error: 'Content not found' }]);
    expect(await db().contentOwnership.count({ where: { userId: other.user.id } })).toBe(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: other.user.id } })).contentsCreatedThisMonth).toBe(0);
    const student = await signedIn(['student']);
    expect((await api('POST', `/h5p/content/${owner.ids[0]}/duplicate`, { token: student.token })).status).toBe(403);
  });

  it('answers 429 when the monthly content quota is used up, leaving no copy', async () => {
    const t = await signedIn(['teacher']); // free plan: 3 a month
    const id = await createContent(t.token, 'H5P.TrueFalse', { title: 'Quota' });
    await db().user.update({ where: { id: t.user.id }, data: { plan: 'free', contentsCreatedThisMonth: 3 } });
    const res = await api('POST', `/h5p/content/${id}/duplicate`, { token: t.token });
    expect([res.status, res.body]).toEqual([429, { success: false, error: 'Monthly content quota exceeded' }]);
    expect(await db().contentOwnership.count({ where: { userId: t.user.id } })).toBe(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: t.user.id } })).contentsCreatedThisMonth).toBe(3);
  });
});

describe('POST /h5p/content/bulk', () => {
  it('publishes, unpublishes and deletes per item, reporting each item’s refusal without stopping the others', async () => {
    const t = await teacherWith([{ title: 'B1' }, { title: 'B2' }, { title: 'B3' }]);
    const [b1, b2, b3] = t.ids as [string, string, string];
    const other = await signedIn(['teacher']);
    const theirs = await createContent(other.token, 'H5P.TrueFalse', { title: 'Theirs' });
    const pub = await api('POST', '/h5p/content/bulk', { token: t.token, body: { action: 'publish', contentIds: [b1, theirs, b2, 'no-such-content'] } });
    expect(pub.status).toBe(200);
    expect(pub.body.data).toEqual({
      results: [
        { contentId: b1, success: true },
        // another teacher's private item is answered like a missing one (issue 22 item 12: no existence leak)
        { contentId: theirs, success: false, error: 'Content not found' },
        { contentId: b2, success: true },
        { contentId: 'no-such-content', success: false, error: 'Content not found' },
      ],
    });
    expect(titles((await list(t.token, 'visibility=public&sortBy=title')).items)).toEqual(['B1', 'B2']);
    expect((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: theirs } })).visibility).toBe('private');

    const unpub = await api('POST', '/h5p/content/bulk', { token: t.token, body: { action: 'unpublish', contentIds: [b2] } });
    expect(unpub.body.data).toEqual({ results: [{ contentId: b2, success: true }] });
    expect(titles((await list(t.token, 'visibility=public')).items)).toEqual(['B1']);

    const del = await api('POST', '/h5p/content/bulk', { token: t.token, body: { action: 'delete', contentIds: [b3, theirs, b1] } });
    expect(del.body.data).toEqual({
      results: [
        { contentId: b3, success: true },
        { contentId: theirs, success: false, error: 'Content not found' },
        { contentId: b1, success: true },
      ],
    });
    expect(titles((await list(t.token)).items)).toEqual(['B2']);
    expect(await db().h5pContent.count({ where: { id: theirs } })).toBe(1);
  });

  it('answers an item the caller cannot read like a missing one; a readable item of another owner keeps the owner refusal', async () => {
    const t = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const hidden = await createContent(other.token, 'H5P.TrueFalse', { title: 'Hidden' });
    const shown = await createContent(other.token, 'H5P.TrueFalse', { title: 'Shown' });
    expect((await api('PATCH', `/h5p/content/${shown}/visibility`, { token: other.token, body: { visibility: 'public' } })).status).toBe(200);
    const del = await api('POST', '/h5p/content/bulk', { token: t.token, body: { action: 'delete', contentIds: [hidden, 'no-such-content', shown] } });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({
      results: [
        { contentId: hidden, success: false, error: 'Content not found' },
        { contentId: 'no-such-content', success: false, error: 'Content not found' },
        { contentId: shown, success: false, error: 'Only the owner can delete this content' },
      ],
    });
    const pub = await api('POST', '/h5p/content/bulk', { token: t.token, body: { action: 'unpublish', contentIds: [hidden, shown] } });
    expect(pub.body.data).toEqual({
      results: [
        { contentId: hidden, success: false, error: 'Content not found' },
        { contentId: shown, success: false, error: 'Only the owner can change the visibility of this content' },
      ],
    });
    expect(await db().h5pContent.count({ where: { id: { in: [hidden, shown] } } })).toBe(2);
  });

  it.each([
    [{ action: 'archive', contentIds: ['x'] }, 'Validation error: action: Invalid option: expected one of "publish"|"unpublish"|"delete"'],
    [{ action: 'publish', contentIds: [] }, 'Validation error: contentIds: Too small: expected array to have >=1 items'],
    [{ action: 'publish', contentIds: Array.from({ length: 101 }, (_, i) => `c${i}`) }, 'Validation error: contentIds: Too big: expected array to have <=100 items'],
    [{ action: 'publish' }, 'Validation error: contentIds: Invalid input: expected array, received undefined'],
  ])('answers 400 for %j', async (body, error) => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/content/bulk', { token: t.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error });
  });

  it('is for teachers: 401 anonymous, 403 student', async () => {
    expect((await api('POST', '/h5p/content/bulk', { body: { action: 'publish', contentIds: ['x'] } })).status).toBe(401);
    const s = await signedIn(['student']);
    expect((await api('POST', '/h5p/content/bulk', { token: s.token, body: { action: 'publish', contentIds: ['x'] } })).status).toBe(403);
  });
});

describe('computed quality and type icons', () => {
  it('fills the quality of new content in the background (rule-based critic) without the list waiting', async () => {
    const t = await teacherWith([{ title: 'Scored', type: 'H5P.MultiChoice' }]);
    const id = t.ids[0]!;
    await expect.poll(async () => (await list(t.token)).items[0]!.quality, { timeout: 10_000 }).toMatchObject({ overallScore: expect.any(Number), bloomsLevel: expect.any(String) });
    const q = await api('GET', `/h5p/content/${id}/quality`, { token: t.token });
    expect(q.body.data.qualityReport).toMatchObject({ critic: 'rules' });
    expect(q.body.data.qualityReport).not.toHaveProperty('background');
  });

  it('recomputes after an update and backfills items that have none when the list is read', async () => {
    const t = await teacherWith([{ title: 'Backfill' }]);
    const id = t.ids[0]!;
    await waitForQuality([id]);
    // an item without a report (older content): the list queues it and a later read shows the score
    await db().contentQualityReport.delete({ where: { contentId: id } });
    const first = await list(t.token);
    expect(first.items[0]!.quality).toBeNull();
    await expect.poll(async () => (await list(t.token)).items[0]!.quality, { timeout: 10_000 }).not.toBeNull();
    const before = await db().contentQualityReport.findUniqueOrThrow({ where: { contentId: id } });
    await db().contentQualityReport.update({ where: { contentId: id }, data: { overallScore: 1 } });
    const upd = await api('PUT', `/h5p/content/${id}`, { token: t.token, body: { library: libraryString('H5P.TrueFalse'), params: { ...(SAMPLE_PARAMS['H5P.TrueFalse'] as object), question: '<p>Why is the sky blue? Explain why.</p>' }, metadata: { title: 'Backfill' } } });
    expect(upd.status).toBe(200);
    await expect.poll(async () => (await db().contentQualityReport.findUnique({ where: { contentId: id } }))?.overallScore, { timeout: 10_000 }).not.toBe(1);
    expect(before.overallScore).toEqual(expect.any(Number));
  });

  it('names the installed library’s icon.svg when it has one, else null', async () => {
    const t = await teacherWith([{ title: 'With icon', type: 'H5P.MarkTheWords' }, { title: 'Without icon', type: 'H5P.DragText' }]);
    const libs = path.join(inject('appDataDir'), 'h5p', 'libraries');
    const dir = fs.readdirSync(libs).find((d) => d.startsWith('H5P.MarkTheWords-'))!;
    fs.writeFileSync(path.join(libs, dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>');
    const dragText = fs.readdirSync(libs).find((d) => d.startsWith('H5P.DragText-'))!;
    fs.rmSync(path.join(libs, dragText, 'icon.svg'), { force: true });
    const { items } = await list(t.token, 'sortBy=title&order=desc');
    expect(items.map((i) => [i.title, i.icon])).toEqual([
      ['Without icon', null],
      ['With icon', `/h5p/libraries/${dir}/icon.svg`],
    ]);
    const icon = await fetch(`${inject('appUrl')}${items[1]!.icon}`);
    expect(icon.status).toBe(200);
  });
});

describe('thumbnails and type titles (issue 25 item 4)', () => {
  const importProbe = async (token: string, title: string) => {
    const fd = new FormData();
    fd.append('h5p', new Blob([new Uint8Array(originProbePackage({ title }))], { type: 'application/zip' }), 'probe.h5p');
    const res = await api('POST', '/h5p/import', { token, body: fd });
    expect(res.status).toBe(201);
    return res.body.data.contentId as string;
  };
  const fetchFile = (url: string, token?: string) => fetch(`${inject('appUrl')}${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

  it('lists the first image of imported content as thumbnailUrl: its owner reads it, nobody else while it is private', async () => {
    const admin = await signedIn(['super_admin']);
    await importProbe(admin.token, 'Probe that installs the library');
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'premium');
    const id = await importProbe(t.token, 'Probe with a picture');
    const { items } = await list(t.token);
    expect(items).toHaveLength(1);
    expect(items[0]!.thumbnailUrl).toBe(`/h5p/content/${id}/images/probe.png`);
    const lib = await db().h5pLibrary.findFirstOrThrow({ where: { machineName: 'H5P.OriginProbe' }, select: { title: true } });
    expect(items[0]!.contentTypeTitle).toBe(lib.title);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id }, select: { thumbnailPath: true } })).thumbnailPath).toBe('images/probe.png');

    const own = await fetchFile(items[0]!.thumbnailUrl, t.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/^image\/png/);
    expect(own.headers.get('cache-control')).toContain('private');
    expect((await fetchFile(items[0]!.thumbnailUrl)).status).toBe(404);
    const other = await signedIn(['teacher']);
    expect((await fetchFile(items[0]!.thumbnailUrl, other.token)).status).toBe(404);

    // published: the file is open like every file of public content
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    expect((await fetchFile(items[0]!.thumbnailUrl)).status).toBe(200);
    // …and the marketplace's card shows the same picture (issue 25 item 7)
    const market = await api('GET', `/api/marketplace/public-contents?include=card&search=${encodeURIComponent('Probe with a picture')}`, { token: other.token });
    expect(market.status).toBe(200);
    expect((market.body.data as { id: string; thumbnailUrl?: string | null }[]).find((i) => i.id === id)?.thumbnailUrl).toBe(`/h5p/content/${id}/images/probe.png`);

    // a duplicate has its own copy of the picture
    const dup = await api('POST', `/h5p/content/${id}/duplicate`, { token: t.token });
    expect(dup.status).toBe(201);
    const copyId = dup.body.data.contentId as string;
    const after = await list(t.token);
    expect(after.items.find((i) => i.id === copyId)?.thumbnailUrl).toBe(`/h5p/content/${copyId}/images/probe.png`);
  });

  it('is null without an image; rows written before the column get theirs computed when listed', async () => {
    const t = await teacherWith([{ title: 'No picture', type: 'H5P.MultiChoice' }]);
    const [id] = t.ids;
    let { items } = await list(t.token);
    expect(items[0]!.thumbnailUrl).toBeNull();
    expect(items[0]!.contentTypeTitle).toBe((await db().h5pLibrary.findFirstOrThrow({ where: { machineName: 'H5P.MultiChoice' }, select: { title: true } })).title);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id: id! }, select: { thumbnailPath: true } })).thumbnailPath).toBe('');

    // as a row from before the migration: an image deep in the parameters, nothing computed yet
    const parameters = { question: 'q', media: { type: { params: { file: { path: 'images/old-photo.jpg', mime: 'image/jpeg' } } } }, answers: [{ text: 'a', file: { path: 'images/later.png', mime: 'image/png' } }] };
    await db().$executeRaw`UPDATE h5p_contents SET parameters = ${JSON.stringify(parameters)}::jsonb, thumbnail_path = NULL WHERE id = ${id!}`;
    ({ items } = await list(t.token));
    expect(items[0]!.thumbnailUrl).toBe(`/h5p/content/${id}/images/old-photo.jpg`);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id: id! }, select: { thumbnailPath: true } })).thumbnailPath).toBe('images/old-photo.jpg');
  });
});
