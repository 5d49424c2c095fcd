// Issue 25 items 7, 8 and 10: a marketplace clone records its origin (the source's id, title, author and licence at
// clone time) and GET /h5p/content/:id returns it; the public list carries each item's type title and icon, licence
// and description, and filters by type; at the month's quota the clone is refused with the spec's text and the
// pages disable it beforehand with the reason (createAllowance); a bad collection URL is the branded 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createAllowance } from '@/lib/plans/allowance';
import { browserSignIn } from '../support/browser';
import { createContent, createIdpUser, signedIn, uniqueEmail, uniqueWord } from '../support/factories';
import { installTestLibraries } from '../support/h5p';
import { api } from '../support/http';

const clonePath = (id: string) => `/api/marketplace/public-contents/${id}/clone`;
let author: { token: string; user: { id: string; name: string } };

beforeAll(async () => {
  await installTestLibraries();
  author = await signedIn(['teacher']);
});

/** public content of `author` with an H5P licence in its metadata */
async function licensed(title: string, license: string, licenseVersion?: string, parameters?: object) {
  const src = await createContent({ ownerId: author.user.id, visibility: 'public', title, mainLibrary: 'H5P.MultiChoice', ...(parameters ? { parameters } : {}) });
  const row = await db().h5pContent.findUniqueOrThrow({ where: { id: src.id }, select: { metadata: true } });
  await db().h5pContent.update({ where: { id: src.id }, data: { metadata: { ...(row.metadata as object), license, ...(licenseVersion ? { licenseVersion } : {}) } } });
  return src;
}

describe('the origin of a clone', () => {
  it('is recorded at clone time and returned by the content detail, and stays when the source changes or goes', async () => {
    const word = uniqueWord('orig');
    const src = await licensed(`${word} Volcanoes`, 'CC BY-SA', '4.0');
    const cloner = await signedIn(['teacher']);
    const res = await api('POST', clonePath(src.id), { token: cloner.token, body: { title: 'My volcanoes' } });
    expect(res.status).toBe(201);
    const copyId = res.body.data.contentId as string;
    const detail = await api('GET', `/h5p/content/${copyId}`, { token: cloner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: copyId, title: 'My volcanoes', origin: { contentId: src.id, title: `${word} Volcanoes`, authorName: author.user.name, license: 'CC BY-SA 4.0' } });

    // the source is renamed, then deleted: the note keeps what it was at clone time
    await db().h5pContent.update({ where: { id: src.id }, data: { title: 'Renamed' } });
    expect((await api('DELETE', `/h5p/content/${src.id}`, { token: author.token })).status).toBe(200);
    const after = await api('GET', `/h5p/content/${copyId}`, { token: cloner.token });
    expect(after.body.data.origin).toEqual({ contentId: src.id, title: `${word} Volcanoes`, authorName: author.user.name, license: 'CC BY-SA 4.0' });
  });

  it("is absent for content that is not a clone (the spec's six fields), and a duplicate is no clone", async () => {
    const owner = await signedIn(['teacher']);
    const own = await createContent({ ownerId: owner.user.id, title: 'Mine' });
    const detail = await api('GET', `/h5p/content/${own.id}`, { token: owner.token });
    expect(Object.keys(detail.body.data).sort()).toEqual(['createdAt', 'embedTypes', 'id', 'mainLibrary', 'title', 'updatedAt']);
    const dup = await api('POST', `/h5p/content/${own.id}/duplicate`, { token: owner.token });
    expect(dup.status).toBe(201);
    expect((await api('GET', `/h5p/content/${dup.body.data.contentId}`, { token: owner.token })).body.data.origin).toBeUndefined();
  });

  it('records an undisclosed licence as U and a nameless author as Anonymous', async () => {
    const nameless = await signedIn(['teacher']);
    await db().user.update({ where: { id: nameless.user.id }, data: { name: '' } });
    const src = await createContent({ ownerId: nameless.user.id, visibility: 'public', title: 'No name' });
    const cloner = await signedIn(['teacher']);
    const res = await api('POST', clonePath(src.id), { token: cloner.token });
    expect(res.status).toBe(201);
    const copy = await db().h5pContent.findUniqueOrThrow({ where: { id: res.body.data.contentId } });
    expect([copy.originContentId, copy.originTitle, copy.originAuthor, copy.originLicense]).toEqual([src.id, 'No name', 'Anonymous', 'U']);
  });
});

describe('the public list', () => {
  it("carries each item's type title and icon, licence and description with include=card, and filters by type", async () => {
    const word = uniqueWord('card');
    await licensed(`${word} quiz`, 'CC BY', '4.0', { question: '<p>Which rock is <strong>volcanic</strong>?</p>', answers: [] });
    await createContent({ ownerId: author.user.id, visibility: 'public', title: `${word} facts`, mainLibrary: 'H5P.TrueFalse' });
    const reader = await signedIn(['teacher']);
    const all = await api('GET', `/api/marketplace/public-contents?search=${word}&include=card`, { token: reader.token });
    expect(all.status).toBe(200);
    // without include=card the item is the spec's (as before)
    const plain = await api('GET', `/api/marketplace/public-contents?search=${word}`, { token: reader.token });
    expect(Object.keys(plain.body.data[0]).sort()).toEqual(['authorId', 'authorName', 'bloomsLevel', 'contentTypeSlug', 'curriculum', 'id', 'mainLibrary', 'publishedAt', 'quality', 'title', 'viewCount']);
    const quiz = (all.body.data as Record<string, unknown>[]).find((i) => i.title === `${word} quiz`);
    const library = await db().h5pLibrary.findFirstOrThrow({ where: { machineName: 'H5P.MultiChoice' }, orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }] });
    expect(quiz).toMatchObject({ contentTypeTitle: library.title, license: 'CC BY 4.0', description: 'Which rock is volcanic?' });
    expect(quiz!.typeIcon === null || /^\/h5p\/libraries\/H5P\.MultiChoice-\d+\.\d+\/icon\.svg$/.test(quiz!.typeIcon as string)).toBe(true);

    const typed = await api('GET', `/api/marketplace/public-contents?search=${word}&contentType=H5P.TrueFalse`, { token: reader.token });
    expect((typed.body.data as { title: string }[]).map((i) => i.title)).toEqual([`${word} facts`]);
    expect(typed.body.total).toBe(1);
  });
});

describe('the clone at the quota', () => {
  it('is refused with the spec text, and the item page disables it beforehand with the reason and the upgrade', async () => {
    const u = await createIdpUser({ email: uniqueEmail('quota'), roles: ['teacher'] });
    const b = await browserSignIn(u.email, u.password);
    const user = await db().user.findUniqueOrThrow({ where: { email: u.email } });
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('full') });
    // a teacher is on pro (30 a month): at the limit
    await db().user.update({ where: { id: user.id }, data: { contentsCreatedThisMonth: 30 } });
    expect(createAllowance({ plan: 'pro', contentsCreatedThisMonth: 30 }, 'clone')).toMatchObject({ allowed: false, reason: 'Content limit reached', upgradePlan: 'premium' });

    const page = await b.call('GET', `/marketplace/${src.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="clone-quota-reason"');
    expect(page.text).toMatch(/data-testid="clone-submit"[^>]*disabled=""|disabled=""[^>]*data-testid="clone-submit"/);
    expect(page.text).toContain('Upgrade to Premium for unlimited items');

    const res = await b.call('POST', clonePath(src.id), { body: {} });
    expect([res.status, JSON.parse(res.text)]).toEqual([403, { success: false, error: 'Content limit reached' }]);

    // below the limit the form is enabled and no reason is shown
    await db().user.update({ where: { id: user.id }, data: { contentsCreatedThisMonth: 0 } });
    const again = await b.call('GET', `/marketplace/${src.id}`);
    expect(again.text).not.toContain('data-testid="clone-quota-reason"');
  });
});

describe('a collection page', () => {
  it('answers the branded 404 for a bad or foreign id, 200 for the owner and for a public one', async () => {
    const u = await createIdpUser({ email: uniqueEmail('coll404'), roles: ['teacher'] });
    const b = await browserSignIn(u.email, u.password);
    const other = await signedIn(['teacher']);
    const hidden = await api('POST', '/api/collections', { token: other.token, body: { title: 'Private one' } });
    const shared = await api('POST', '/api/collections', { token: other.token, body: { title: 'Public one' } });
    await api('PATCH', `/api/collections/${shared.body.data.id}`, { token: other.token, body: { visibility: 'public' } });
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', hidden.body.data.id as string]) {
      const page = await b.call('GET', `/collections/${id}`);
      expect([id, page.status, page.text.includes('Page not found'), page.text.includes('Collection not found')]).toEqual([id, 404, true, false]);
    }
    expect((await b.call('GET', `/collections/${shared.body.data.id}`)).status).toBe(200);
  });
});
