// Issue 7, item 1(a): every content parameter set is filtered against its library's semantics before it is
// stored — import, POST/PUT /h5p/content (the editor's save) and the marketplace clone of content saved
// before the filter existed.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { contentPackage, h5pJson, libraryString } from '../support/h5p-packages';

beforeAll(async () => {
  await installTestLibraries();
});

const HOSTILE = {
  question: '<p>What is <strong>2 + 2</strong>?<img src=x onerror=alert(1)><script>alert(document.cookie)</script><a href="javascript:alert(2)" onclick="alert(3)">x</a></p>',
  answers: [
    { text: '<img src=x onerror=alert(4)>4', correct: true, tipsAndFeedback: { chosenFeedback: '<script>alert(5)</script>Well done', notChosenFeedback: '' } },
    { text: '5', correct: 'no', tipsAndFeedback: { chosenFeedback: 'Count again' }, onload: '<script>alert(6)</script>' },
  ],
  checkLabel: 'Check',
  injected: '<svg onload=alert(7)>',
};

const FILTERED = {
  question: '<p>What is <strong>2 + 2</strong>?x</p>',
  answers: [
    { text: '&lt;img src=x onerror=alert(4)&gt;4', correct: true, tipsAndFeedback: { chosenFeedback: '&lt;script&gt;alert(5)&lt;/script&gt;Well done', notChosenFeedback: '' } },
    { text: '5', correct: false, tipsAndFeedback: { chosenFeedback: 'Count again' } },
  ],
  checkLabel: 'Check',
};

function form(data: Buffer) {
  const f = new FormData();
  f.append('h5p', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'hostile.h5p');
  return f;
}

/** What the editor save path stores: the library's own enforcer runs first (it strips plain-text markup), then ours. */
function expectFilteredSave(params: any) {
  expectNothingRuns(params);
  expect(params.question).toBe(FILTERED.question);
  expect(Object.keys(params).sort()).toEqual(['answers', 'checkLabel', 'question']);
  expect(params.answers[1]).toEqual(FILTERED.answers[1]);
}

const paramsOf = async (id: string) => (await db().h5pContent.findUniqueOrThrow({ where: { id } })).parameters;

/** No markup that can run: no script element, no event handler attribute, no script URL. */
function expectNothingRuns(params: unknown) {
  const s = JSON.stringify(params);
  expect(s).not.toMatch(/<script/i);
  expect(s).not.toMatch(/<[^>]+\son\w+\s*=/i);
  expect(s).not.toMatch(/<(img|svg)/i);
  expect(s).not.toMatch(/javascript:/i);
}

describe('content parameters are filtered against the library semantics', () => {
  it('an imported package with script in its text fields is stored filtered', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/import', { token: t.token, body: form(contentPackage({ machineName: 'H5P.MultiChoice', params: HOSTILE })) });
    expect(res.status).toBe(201);
    const params = await paramsOf(res.body.data.contentId);
    expectNothingRuns(params);
    expect(params).toEqual(FILTERED);
  });

  it('POST /h5p/content stores filtered parameters (the editor saves through it)', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice', {}, HOSTILE);
    expectFilteredSave(await paramsOf(id));
    // the editor client's shape: params { params, metadata }, as a JSON string
    const res = await api('POST', '/h5p/content', {
      token: t.token,
      body: { library: libraryString('H5P.Blanks'), params: JSON.stringify({ params: { text: '<p onmouseover="alert(1)">Fill</p>', questions: ['<p>*Paris*<iframe src="//evil.example"></iframe></p>'] }, metadata: { title: 'Editor save' } }) },
    });
    expect(res.status).toBe(201);
    expect(await paramsOf(res.body.data.contentId)).toEqual({ text: '<p>Fill</p>', questions: ['<p>*Paris*</p>'] });
  });

  it('PUT /h5p/content/:id stores filtered parameters', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const res = await api('PUT', `/h5p/content/${id}`, { token: t.token, body: { library: libraryString('H5P.MultiChoice'), params: HOSTILE } });
    expect(res.status).toBe(200);
    expectFilteredSave(await paramsOf(id));
  });

  it('a marketplace clone of content saved before the filter is filtered', async () => {
    const author = await signedIn(['teacher']);
    const cloner = await signedIn(['teacher']);
    // old content: unfiltered parameters written straight into the database
    const id = randomUUID();
    const metadata = h5pJson('H5P.MultiChoice', 'Old content');
    await db().h5pContent.create({ data: { id, title: 'Old content', mainLibrary: 'H5P.MultiChoice', metadata, parameters: HOSTILE, creatorId: author.user.id } });
    await db().contentOwnership.create({ data: { contentId: id, userId: author.user.id, visibility: 'public', publishedAt: new Date() } });
    const res = await api('POST', `/api/marketplace/public-contents/${id}/clone`, { token: cloner.token });
    expect(res.status).toBe(201);
    expect(await paramsOf(res.body.data.contentId)).toEqual(FILTERED);
  });

  it('a clone of old content whose library is not installed keeps every string as plain text', async () => {
    const author = await signedIn(['teacher']);
    const cloner = await signedIn(['teacher']);
    const id = randomUUID();
    const metadata = { ...h5pJson('H5P.MultiChoice', 'Gone'), mainLibrary: 'H5P.Gone', preloadedDependencies: [{ machineName: 'H5P.Gone', majorVersion: 1, minorVersion: 0 }] };
    await db().h5pContent.create({ data: { id, title: 'Gone', mainLibrary: 'H5P.Gone', metadata, parameters: { text: '<img src=x onerror=alert(1)>', list: ['<script>x</script>'] }, creatorId: author.user.id } });
    await db().contentOwnership.create({ data: { contentId: id, userId: author.user.id, visibility: 'public', publishedAt: new Date() } });
    const res = await api('POST', `/api/marketplace/public-contents/${id}/clone`, { token: cloner.token });
    expect(res.status).toBe(201);
    expect(await paramsOf(res.body.data.contentId)).toEqual({ text: '&lt;img src=x onerror=alert(1)&gt;', list: ['&lt;script&gt;x&lt;/script&gt;'] });
  });
});
