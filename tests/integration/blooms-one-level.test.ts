// One Bloom's level per item (issue 23, item 5): the level of an item is its quality report's level, or its content
// type's when it has no report (lib/content/blooms.ts), and every API and screen that shows one says the same:
// My content (GET /h5p/content), the marketplace list and item page, a collection's analysis and its suggestions.
// The analysis carries the numbers behind its score for the sentence that explains it.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { browserSignIn } from '../support/browser';
import { createContent, createIdpUser, signedIn, uniqueEmail, uniqueWord } from '../support/factories';
import { installTestLibraries } from '../support/h5p';
import { api } from '../support/http';

beforeAll(async () => {
  await installTestLibraries();
});

/** The text of the element with a data-testid (tags inside stripped). */
function testIdText(html: string, testId: string): string | null {
  const m = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(dd|p|h1|span)>`).exec(html);
  return m ? m[1]!.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').trim() : null;
}

describe("an item's Bloom's level", () => {
  it('is the same in My content, the marketplace list and item page, a collection analysis and the suggestions', async () => {
    const u = await createIdpUser({ email: uniqueEmail('blooms'), roles: ['teacher'] });
    const author = { b: await browserSignIn(u.email, u.password), user: await db().user.findUniqueOrThrow({ where: { email: u.email } }) };
    const word = uniqueWord('bloom');
    // a Multiple Choice item whose quality report says "analyze" (its content type alone would say "remember"),
    // and one without a report (its content type's level)
    // (a subject of their own: the suggestions, at most 20, match it and no other test's public content)
    const subjectCode = word.toUpperCase();
    const rated = await createContent({ ownerId: author.user.id, visibility: 'public', title: `${word} rated`, mainLibrary: 'H5P.MultiChoice', curriculum: { subjectCode }, quality: { overallScore: 70, bloomsLevel: 'analyze' } });
    const bare = await createContent({ ownerId: author.user.id, visibility: 'public', title: `${word} bare`, mainLibrary: 'H5P.Summary', curriculum: { subjectCode } });

    // My content
    const mine = await author.b.call('GET', '/h5p/content?limit=50');
    expect(mine.status).toBe(200);
    const listed = (JSON.parse(mine.text).data as { id: string; bloomsLevel: string | null; quality: { bloomsLevel: string } | null }[]);
    expect(listed.find((c) => c.id === rated.id)).toMatchObject({ bloomsLevel: 'analyze', quality: { bloomsLevel: 'analyze' } });
    expect(listed.find((c) => c.id === bare.id)).toMatchObject({ bloomsLevel: 'understand' });

    // the marketplace: list and item page
    const viewer = await signedIn(['teacher']);
    const market = await api('GET', `/api/marketplace/public-contents?search=${word}`, { token: viewer.token });
    expect(market.status).toBe(200);
    const levels = Object.fromEntries((market.body.data as { id: string; bloomsLevel: string | null }[]).map((d) => [d.id, d.bloomsLevel]));
    expect(levels).toEqual({ [rated.id]: 'analyze', [bare.id]: 'understand' });
    const page = await author.b.call('GET', `/marketplace/${rated.id}`);
    expect(page.status).toBe(200);
    expect(testIdText(page.text, 'item-blooms')).toBe('analyze');

    // a collection holding the rated item: its analysis counts it at "analyze"
    const col = await api('POST', '/api/collections', { token: viewer.token, body: { title: `${word} unit`, subjectCode } });
    expect(col.status).toBe(201);
    expect((await api('POST', `/api/collections/${col.body.data.id}/items`, { token: viewer.token, body: { contentId: rated.id } })).status).toBe(201);
    const analysed = await api('GET', `/api/collections/${col.body.data.id}/suggestions`, { token: viewer.token });
    expect(analysed.status).toBe(200);
    const a = analysed.body.data.bloomsAnalysis;
    expect(a.counts).toEqual({ remember: 0, understand: 0, apply: 0, analyze: 1, evaluate: 0, create: 0 });
    expect(a.score).toBe(17);
    expect(a.explanation).toEqual({ classified: 1, fromReports: 1, coveredLevels: 1, totalLevels: 6, pointsPerLevel: 16.67 });
    // the other item is suggested at its level ("understand", a gap)
    const suggested = (analysed.body.data.matchingContents as { contentId: string; bloomsLevel: string; fillsGap: boolean }[]).find((m) => m.contentId === bare.id);
    expect(suggested).toMatchObject({ bloomsLevel: 'understand', fillsGap: true });

    // an empty collection: the rated item is suggested at "analyze" too
    const empty = await api('POST', '/api/collections', { token: viewer.token, body: { title: `${word} empty`, subjectCode } });
    const s = await api('GET', `/api/collections/${empty.body.data.id}/suggestions`, { token: viewer.token });
    expect((s.body.data.matchingContents as { contentId: string; bloomsLevel: string }[]).find((m) => m.contentId === rated.id)).toMatchObject({ bloomsLevel: 'analyze', fillsGap: true });
  });
});
