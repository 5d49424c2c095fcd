// Issue 8 item 4: the marketplace item page (/marketplace/<id>) — what a public item is (author, type, curriculum,
// quality and Bloom's level, views, clones) with a preview that plays it; clone with a name; the clones count and
// the viewer's "You cloned this" notice, read from the recorded clones (content_clones).
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { displayDate } from '@/lib/marketplace/item';
import { browserSignIn, type BrowserSession } from '../support/browser';
import { createContent, createIdpUser, signedIn, uniqueEmail, uniqueWord } from '../support/factories';
import { installTestLibraries } from '../support/h5p';
import { api } from '../support/http';

async function browserUser(roles: ('teacher' | 'student')[]): Promise<{ b: BrowserSession; user: { id: string; name: string } }> {
  const u = await createIdpUser({ email: uniqueEmail('mkitem'), roles });
  const b = await browserSignIn(u.email, u.password);
  const user = await db().user.findUniqueOrThrow({ where: { email: u.email } });
  return { b, user };
}

/** The text of the element with a data-testid (tags inside stripped, entities of the page decoded). */
function testIdText(html: string, testId: string): string | null {
  const m = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(dd|p|h1|span)>`).exec(html);
  if (!m) return null;
  return m[1]!
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .trim();
}

const clonePath = (id: string) => `/api/marketplace/public-contents/${id}/clone`;

let author: { token: string; user: { id: string; name: string } };

beforeAll(async () => {
  await installTestLibraries();
  author = await signedIn(['teacher']);
});

describe('the item page', () => {
  it('shows a public item: author, type, curriculum, quality, Bloom’s level, views, clones, published date, a preview and the clone form', async () => {
    const word = uniqueWord('item');
    const published = new Date('2026-03-04T10:00:00Z');
    const src = await createContent({
      ownerId: author.user.id,
      visibility: 'public',
      title: `${word} Fractions`,
      mainLibrary: 'H5P.MultiChoice',
      viewCount: 12,
      publishedAt: published,
      curriculum: {
        frameworkName: 'NZ Curriculum',
        gradeName: 'Year 5',
        subjectName: 'Mathematics',
        topicNames: ['Fractions', 'Decimals'],
        difficulty: 'hard',
        language: 'mi',
      },
      quality: { overallScore: 81.6, bloomsLevel: 'apply' },
    });
    const library = await db().h5pLibrary.findFirstOrThrow({ where: { machineName: 'H5P.MultiChoice' }, orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }] });
    const { b } = await browserUser(['teacher']);
    const page = await b.call('GET', `/marketplace/${src.id}`);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(testIdText(html, 'item-title')).toBe(`${word} Fractions`);
    expect(testIdText(html, 'item-author')).toBe(author.user.name);
    expect(testIdText(html, 'item-type')).toBe(`${library.title} (multiple-choice)`);
    expect(testIdText(html, 'item-published')).toBe('4 March 2026');
    expect(testIdText(html, 'item-views')).toBe('12');
    expect(testIdText(html, 'item-clones')).toBe('0');
    expect(testIdText(html, 'item-quality')).toBe('82 / 100');
    expect(testIdText(html, 'item-blooms')).toBe('apply');
    expect(testIdText(html, 'item-framework')).toBe('NZ Curriculum');
    expect(testIdText(html, 'item-grade')).toBe('Year 5');
    expect(testIdText(html, 'item-subject')).toBe('Mathematics');
    expect(testIdText(html, 'item-topics')).toBe('Fractions, Decimals');
    expect(testIdText(html, 'item-difficulty')).toBe('hard');
    expect(testIdText(html, 'item-language')).toBe('mi');
    // the preview: the sandboxed player frame of this item, holding a player token
    // the player on the content origin (CONTENT_URL of tests/support/global-setup.ts: issue 23 item 6)
    expect(html).toMatch(new RegExp(`<iframe[^>]*src="http://content\\.lumen-content\\.test/h5p/embed/${src.id}\\?token=[^"]+"`));
    expect(html).toContain('data-testid="h5p-player"');
    expect(html).toContain('data-testid="clone-form"');
    expect(html).toContain(`value="${word} Fractions"`);
    expect(html).not.toContain('data-testid="already-cloned"');
  });

  it('computes the quality report when none is cached yet (rule-based) and says when there is no curriculum', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('noq') });
    const { b } = await browserUser(['teacher']);
    const page = await b.call('GET', `/marketplace/${src.id}`);
    expect(page.status).toBe(200);
    const report = await db().contentQualityReport.findUniqueOrThrow({ where: { contentId: src.id } });
    expect(testIdText(page.text, 'item-quality')).toBe(`${Math.round(report.overallScore)} / 100`);
    expect(testIdText(page.text, 'item-blooms')).toBe(report.bloomsLevel);
    expect(testIdText(page.text, 'item-curriculum')).toBe('Not aligned to a curriculum');
  });

  it('answers the branded 404 for private content, unknown and malformed ids', async () => {
    const priv = await createContent({ ownerId: author.user.id, visibility: 'private', title: uniqueWord('priv') });
    const { b } = await browserUser(['teacher']);
    for (const id of [priv.id, '00000000-0000-4000-8000-000000000000', 'x'.repeat(101)]) {
      const page = await b.call('GET', `/marketplace/${id}`);
      // the branded 404 (app/not-found.tsx; streamed in the page's payload)
      expect([id, page.status, page.text.includes('Page not found')]).toEqual([id, 404, true]);
      expect(page.text).not.toContain('data-testid="item-title"');
    }
    // the owner of private content is sent to its content page, not a marketplace page
    const owner = await browserUser(['teacher']);
    const own = await createContent({ ownerId: owner.user.id, visibility: 'private', title: uniqueWord('own') });
    expect((await owner.b.call('GET', `/marketplace/${own.id}`)).status).toBe(404);
  });

  it('shows a student the item and its preview but no clone form', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('stu') });
    const { b } = await browserUser(['student']);
    const page = await b.call('GET', `/marketplace/${src.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="h5p-player"');
    expect(page.text).not.toContain('data-testid="clone-form"');
  });

  it('sends an anonymous visitor to sign in', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('anon') });
    const page = await api('GET', `/marketplace/${src.id}`);
    expect([302, 303, 307, 308]).toContain(page.status);
    expect(page.headers.get('location')).toContain('/login');
  });
});

describe('clone with a name', () => {
  it('names the copy with the given title (trimmed) and records it as a clone of the source', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('named') });
    const cloner = await signedIn(['teacher']);
    const res = await api('POST', clonePath(src.id), { token: cloner.token, body: { title: '  My own fractions  ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: { contentId: expect.any(String) }, message: 'Content cloned' });
    const copy = await db().h5pContent.findUniqueOrThrow({ where: { id: res.body.data.contentId } });
    expect(copy.title).toBe('My own fractions');
    expect((copy.metadata as { title?: string }).title).toBe('My own fractions');
    const clones = await db().contentClone.findMany({ where: { sourceContentId: src.id } });
    expect(clones).toEqual([expect.objectContaining({ sourceContentId: src.id, cloneContentId: copy.id, userId: cloner.user.id })]);
  });

  it('keeps the source title without a body or title', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('plain') });
    const cloner = await signedIn(['teacher']);
    for (const body of [undefined, {}]) {
      const res = await api('POST', clonePath(src.id), { token: cloner.token, ...(body ? { body } : {}) });
      expect(res.status).toBe(201);
      expect((await db().h5pContent.findUniqueOrThrow({ where: { id: res.body.data.contentId } })).title).toBe(src.title);
    }
    expect(await db().contentClone.count({ where: { sourceContentId: src.id } })).toBe(2);
  });

  it('refuses an empty or too long title with 400, leaving nothing behind', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('bad') });
    const cloner = await signedIn(['teacher']);
    const cases: [unknown, string][] = [
      [{ title: '' }, 'Validation error: title: Too small: expected string to have >=1 characters'],
      [{ title: '   ' }, 'Validation error: title: Too small: expected string to have >=1 characters'],
      [{ title: 'x'.repeat(256) }, 'Validation error: title: Too big: expected string to have <=255 characters'],
      [{ title: 7 }, 'Validation error: title: Invalid input: expected string, received number'],
    ];
    for (const [body, error] of cases) {
      const res = await api('POST', clonePath(src.id), { token: cloner.token, body });
      expect([JSON.stringify(body).slice(0, 40), res.status, res.body]).toEqual([JSON.stringify(body).slice(0, 40), 400, { success: false, error }]);
    }
    expect(await db().contentOwnership.count({ where: { userId: cloner.user.id } })).toBe(0);
    expect(await db().contentClone.count({ where: { sourceContentId: src.id } })).toBe(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: cloner.user.id } })).contentsCreatedThisMonth).toBe(0);
  });

  it('accepts a title of exactly 255 characters', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('long') });
    const cloner = await signedIn(['teacher']);
    const res = await api('POST', clonePath(src.id), { token: cloner.token, body: { title: 'y'.repeat(255) } });
    expect(res.status).toBe(201);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id: res.body.data.contentId } })).title).toBe('y'.repeat(255));
  });

  it('keeps the spec answers: 404 for private content with a title, 403 at the content limit', async () => {
    const priv = await createContent({ ownerId: author.user.id, visibility: 'private', title: uniqueWord('p') });
    const cloner = await signedIn(['teacher']);
    expect((await api('POST', clonePath(priv.id), { token: cloner.token, body: { title: 'Mine' } })).body).toEqual({ success: false, error: 'Content not found or not public' });
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('q') });
    await db().user.update({ where: { id: cloner.user.id }, data: { plan: 'free', contentsCreatedThisMonth: 3 } });
    const full = await api('POST', clonePath(src.id), { token: cloner.token, body: { title: 'Mine' } });
    expect([full.status, full.body]).toEqual([403, { success: false, error: 'Content limit reached' }]);
    expect(await db().contentClone.count({ where: { sourceContentId: src.id } })).toBe(0);
  });
});

describe('clones count and the already-cloned notice', () => {
  it('counts clones, tells the viewer when they cloned it with a link to their copy, and says when that copy is gone', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', title: uniqueWord('cnt') });
    const viewer = await browserUser(['teacher']);
    const other = await browserUser(['teacher']);

    // another teacher clones twice, the viewer once (through the browser session, as the page's form does)
    for (let i = 0; i < 2; i++) expect((await other.b.call('POST', clonePath(src.id), { body: { title: `Other ${i}` } })).status).toBe(201);
    const mine = await viewer.b.call('POST', clonePath(src.id), { body: { title: 'Viewer copy' } });
    expect(mine.status).toBe(201);
    const copyId = mine.body.data.contentId as string;
    const clonedAt = (await db().contentClone.findFirstOrThrow({ where: { cloneContentId: copyId } })).createdAt;

    const page = await viewer.b.call('GET', `/marketplace/${src.id}`);
    expect(testIdText(page.text, 'item-clones')).toBe('3');
    expect(testIdText(page.text, 'already-cloned')).toBe(`You cloned this on ${displayDate(clonedAt)} — open your copy.`);
    expect(page.text).toMatch(new RegExp(`data-testid="already-cloned"[\\s\\S]*?href="/content/${copyId}"`));

    // a teacher who has not cloned it sees the count but no notice
    const fresh = await browserUser(['teacher']);
    const theirs = await fresh.b.call('GET', `/marketplace/${src.id}`);
    expect(testIdText(theirs.text, 'item-clones')).toBe('3');
    expect(theirs.text).not.toContain('data-testid="already-cloned"');

    // the viewer deletes the copy: the clone still counts, the notice says the copy is gone
    expect((await viewer.b.call('DELETE', `/h5p/content/${copyId}`)).status).toBe(200);
    const after = await viewer.b.call('GET', `/marketplace/${src.id}`);
    expect(testIdText(after.text, 'item-clones')).toBe('3');
    expect(testIdText(after.text, 'already-cloned')).toBe(`You cloned this on ${displayDate(clonedAt)} (that copy has since been deleted).`);
    expect(after.text).not.toContain(`href="/content/${copyId}"`);
  });

  it('does not record a duplicate from My content as a clone', async () => {
    const t = await signedIn(['teacher']);
    const src = await createContent({ ownerId: t.user.id, visibility: 'public', title: uniqueWord('dup') });
    const dup = await api('POST', `/h5p/content/${src.id}/duplicate`, { token: t.token });
    expect(dup.status).toBe(201);
    expect(await db().contentClone.count({ where: { sourceContentId: src.id } })).toBe(0);
  });
});
