// Issue 25 items 4, 5, 7 and 10 over real HTTP: the content type titles of the library (GET /h5p/content) and of the
// marketplace's cards in the reader's language where H5P ships a translation (the installed English title
// otherwise), and what the library's delete dialogs warn about (GET /h5p/content/usage: public, in collections).
import { beforeAll, describe, expect, it } from 'vitest';
import { setPlan, signedIn, uniqueWord } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { originProbePackage } from '../support/h5p-packages';

type Item = Record<string, any>;

/** Imports the origin probe (a type H5P has no translations of) as `token`'s content. */
async function importProbe(token: string, title: string): Promise<string> {
  const fd = new FormData();
  fd.append('h5p', new Blob([new Uint8Array(originProbePackage({ title }))], { type: 'application/zip' }), 'probe.h5p');
  const res = await api('POST', '/h5p/import', { token, body: fd });
  expect(res.status, res.text.slice(0, 200)).toBe(201);
  return res.body.data.contentId as string;
}

beforeAll(async () => {
  await installTestLibraries();
  // the super admin's import installs the probe's library
  await importProbe((await signedIn(['super_admin'])).token, 'Probe that installs the library');
});

const MARK_DE = 'Wörter markieren (Mark the Words)';

describe('content type titles in the reader’s language', () => {
  it('GET /h5p/content: German where H5P translates the type, the installed English title otherwise', async () => {
    const word = uniqueWord('Tt');
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'premium');
    const mark = await createContent(t.token, 'H5P.MarkTheWords', { title: `${word} verbs` });
    const probe = await importProbe(t.token, `${word} probe`);
    const typeOf = (items: Item[], id: string) => items.find((i) => i.id === id)?.contentTypeTitle;
    const listed = async (query: string, headers: Record<string, string> = {}) => {
      const res = await api('GET', `/h5p/content${query}`, { token: t.token, headers });
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      return res.body.data as Item[];
    };

    // ?language=de, the streamed (unpaged) list and a page alike
    for (const query of ['?language=de', '?language=de&limit=10', '?language=de-AT&sortBy=title']) {
      const items = await listed(query);
      expect(typeOf(items, mark), query).toBe(MARK_DE);
      expect(typeOf(items, probe), query).toBe('Origin probe');
    }
    // English by default, and when asked for
    for (const query of ['', '?limit=10', '?language=en']) {
      const items = await listed(query);
      expect(typeOf(items, mark), query).toBe('Mark the Words');
      expect(typeOf(items, probe), query).toBe('Origin probe');
    }
    // without ?language: the caller's interface language — the browser's Accept-Language, then their own choice
    expect(typeOf(await listed('?limit=10', { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' }), mark)).toBe(MARK_DE);
    expect((await api('PUT', '/api/auth/me/preferences', { token: t.token, body: { language: 'de' } })).status).toBe(200);
    expect(typeOf(await listed('?limit=10', { 'Accept-Language': 'en' }), mark)).toBe(MARK_DE);
    expect(typeOf(await listed('?limit=10&language=en'), mark)).toBe('Mark the Words');

    // the cursor of a German page continues in English (the language filters nothing)
    const first = await api('GET', '/h5p/content?language=de&limit=1&sortBy=title', { token: t.token });
    expect(first.body.data).toHaveLength(1);
    const next = await api('GET', `/h5p/content?language=en&limit=1&sortBy=title&cursor=${encodeURIComponent(first.body.nextCursor as string)}`, { token: t.token });
    expect(next.status, next.text.slice(0, 200)).toBe(200);
    expect(next.body.data).toHaveLength(1);

    // a language that is none is refused like the other H5P routes' (and the list is not read)
    const bad = await api('GET', '/h5p/content?language=xx_yy', { token: t.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, error: 'Validation error: language: must be a language code such as en or pt-BR' });
  });

  it('the marketplace’s cards and type filter: German where H5P translates the type, English otherwise', async () => {
    const word = uniqueWord('Mt');
    const author = await signedIn(['teacher']);
    await setPlan(author.user.id, 'premium');
    const mark = await createContent(author.token, 'H5P.MarkTheWords', { title: `${word} verbs` });
    const probe = await importProbe(author.token, `${word} probe`);
    for (const id of [mark, probe]) expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: author.token, body: { visibility: 'public' } })).status).toBe(200);

    const reader = await signedIn(['teacher']);
    const cards = async (headers: Record<string, string>) => {
      const res = await api('GET', `/api/marketplace/public-contents?include=card&search=${word}`, { token: reader.token, headers });
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      const items = res.body.data as Item[];
      expect(items).toHaveLength(2);
      return (id: string) => items.find((i) => i.id === id)?.contentTypeTitle;
    };
    // the reader's browser says German
    let typeOf = await cards({ 'Accept-Language': 'de-DE,de;q=0.9' });
    expect(typeOf(mark)).toBe(MARK_DE);
    expect(typeOf(probe)).toBe('Origin probe');
    // English by default
    typeOf = await cards({});
    expect(typeOf(mark)).toBe('Mark the Words');
    expect(typeOf(probe)).toBe('Origin probe');
    // the reader's own choice wins over the browser's
    expect((await api('PUT', '/api/auth/me/preferences', { token: reader.token, body: { language: 'de' } })).status).toBe(200);
    typeOf = await cards({ 'Accept-Language': 'en' });
    expect(typeOf(mark)).toBe(MARK_DE);
    // `language` stays the content's language filter: nothing here is marked as German content
    const filtered = await api('GET', `/api/marketplace/public-contents?include=card&search=${word}&language=de`, { token: reader.token });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data).toEqual([]);
  });
});

describe('GET /h5p/content/usage (what the library’s delete dialogs warn about)', () => {
  const newCollection = async (token: string, title: string) => {
    const res = await api('POST', '/api/collections', { token, body: { title } });
    expect(res.status, res.text.slice(0, 200)).toBe(201);
    return res.body.data.id as string;
  };
  const addTo = async (token: string, collection: string, contentId: string) =>
    expect((await api('POST', `/api/collections/${collection}/items`, { token, body: { contentId } })).status).toBe(201);

  it('answers, for the caller’s own items only and in the order named, whether each is public and how many collections hold it', async () => {
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'premium');
    const [pub, alone, held] = [await createContent(t.token, 'H5P.TrueFalse', { title: 'Public' }), await createContent(t.token, 'H5P.TrueFalse', { title: 'Alone' }), await createContent(t.token, 'H5P.TrueFalse', { title: 'Held' })];
    expect((await api('PATCH', `/h5p/content/${pub}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    const mine = await newCollection(t.token, 'Mine');
    await addTo(t.token, mine, pub);
    await addTo(t.token, mine, held);
    // another teacher's collection holds the public item too
    const other = await signedIn(['teacher']);
    await addTo(other.token, await newCollection(other.token, 'Theirs'), pub);
    const theirs = await createContent(other.token, 'H5P.TrueFalse', { title: 'Not mine' });

    const res = await api('GET', `/h5p/content/usage?ids=${held},${pub},${alone},${theirs},no-such-content,${pub}`, { token: t.token });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        { contentId: held, visibility: 'private', collections: 1 },
        { contentId: pub, visibility: 'public', collections: 2 },
        { contentId: alone, visibility: 'private', collections: 0 },
      ],
    });
    // nothing is told about someone else's content
    expect((await api('GET', `/h5p/content/usage?ids=${pub}`, { token: other.token })).body).toEqual({ success: true, data: [] });
  });

  it('refuses no ids, too many ids, a student and an anonymous caller', async () => {
    const t = await signedIn(['teacher']);
    const none = await api('GET', '/h5p/content/usage?ids=,,', { token: t.token });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ success: false, error: 'Validation error: ids: must name at least one content id' });
    const missing = await api('GET', '/h5p/content/usage', { token: t.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^Validation error: ids: /);
    const many = await api('GET', `/h5p/content/usage?ids=${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}`, { token: t.token });
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ success: false, error: 'Validation error: ids: must name at most 100 content ids' });
    expect((await api('GET', '/h5p/content/usage?ids=a', { token: (await signedIn(['student'])).token })).status).toBe(403);
    expect((await api('GET', '/h5p/content/usage?ids=a')).status).toBe(401);
  });
});
