// Issue 8 item 5: collection suggestions that find matching public content (match on the fields the collection
// sets; when the curriculum match finds nothing, the public content of the Bloom's gap levels), clearable
// curriculum fields, and pages that say why the curriculum pickers are empty.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { startApp, type AppProcess } from '../support/app-process';
import { browserSignIn } from '../support/browser';
import { createContent, createIdpUser, signedIn, uniqueEmail, uniqueWord } from '../support/factories';
import { appEnv } from '../support/global-setup';
import { api } from '../support/http';

type Caller = { token: string; user: { id: string } };
let owner: Caller;
let author: Caller;

beforeAll(async () => {
  owner = await signedIn(['teacher']);
  author = await signedIn(['teacher']);
});

const create = async (body: object = {}) => {
  const res = await api('POST', '/api/collections', { token: owner.token, body: { title: 'Guided', ...body } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
};
const suggest = async (id: string) => {
  const res = await api('GET', `/api/collections/${id}/suggestions`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body.data as {
    matchingContents: { contentId: string; bloomsLevel: string | null; fillsGap: boolean; reason: string; curriculum: unknown }[];
    bloomsAnalysis: { gaps: string[] };
    matchedOn: string[];
    fallback: boolean;
  };
};
const ids = (d: { matchingContents: { contentId: string }[] }) => d.matchingContents.map((m) => m.contentId);

describe('GET /api/collections/:id/suggestions finds public content', () => {
  it('suggests public content (with or without curriculum metadata) to a collection that sets no curriculum', async () => {
    const bare = await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Essay', title: 'No metadata', quality: { overallScore: 100, bloomsLevel: 'create' } });
    const c = await create();
    const d = await suggest(c.id);
    expect(d.matchedOn).toEqual([]);
    expect(d.fallback).toBe(false);
    expect(ids(d)).toContain(bare.id);
    expect(d.matchingContents.find((m) => m.contentId === bare.id)).toMatchObject({ fillsGap: true, reason: 'public', curriculum: null, bloomsLevel: 'create' });
    expect(d.matchingContents.length).toBeLessThanOrEqual(20);
  });

  it('matches only on the fields the collection sets, leaving out its own items and the caller\'s content', async () => {
    const subject = uniqueWord('SUBJ');
    const match = await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Essay', curriculum: { subjectCode: subject, gradeCode: 'Y9', difficulty: 'hard', language: 'fr' } });
    const alsoMatch = await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.TrueFalse', curriculum: { subjectCode: subject } });
    const inIt = await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Chart', curriculum: { subjectCode: subject } });
    await createContent({ ownerId: owner.user.id, visibility: 'public', mainLibrary: 'H5P.Chart', curriculum: { subjectCode: subject } }); // own
    await createContent({ ownerId: author.user.id, visibility: 'private', mainLibrary: 'H5P.Chart', curriculum: { subjectCode: subject } }); // private
    await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Chart', curriculum: { subjectCode: `${subject}X` } }); // other subject
    await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.Essay', title: 'No metadata' }); // no curriculum

    const c = await create({ subjectCode: subject, subjectName: 'Subject' });
    expect((await api('POST', `/api/collections/${c.id}/items`, { token: owner.token, body: { contentId: inIt.id } })).status).toBe(201);
    const d = await suggest(c.id);
    expect(d.matchedOn).toEqual(['subjectCode']);
    expect(d.fallback).toBe(false);
    expect(ids(d).sort()).toEqual([match.id, alsoMatch.id].sort());
    expect(d.matchingContents.every((m) => m.reason === 'curriculum')).toBe(true);

    // a second set field narrows the match
    expect((await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { difficulty: 'hard', language: 'fr' } })).status).toBe(200);
    const narrowed = await suggest(c.id);
    expect(narrowed.matchedOn).toEqual(['subjectCode', 'difficulty', 'language']);
    expect(ids(narrowed)).toEqual([match.id]);
  });

  it("falls back to public content of the Bloom's gap levels when nothing matches the curriculum", async () => {
    const filler = await createContent({ ownerId: author.user.id, visibility: 'public', mainLibrary: 'H5P.BranchingScenario', quality: { overallScore: 100, bloomsLevel: 'evaluate' } });
    const mine = await createContent({ ownerId: owner.user.id, mainLibrary: 'H5P.TrueFalse' });
    const c = await create({ subjectCode: uniqueWord('NOTHING') });
    await api('POST', `/api/collections/${c.id}/items`, { token: owner.token, body: { contentId: mine.id } });
    const d = await suggest(c.id);
    expect(d.fallback).toBe(true);
    expect(d.bloomsAnalysis.gaps).toEqual(['understand', 'apply', 'analyze', 'evaluate', 'create']);
    expect(d.matchingContents.length).toBeGreaterThan(0);
    expect(d.matchingContents.length).toBeLessThanOrEqual(20);
    expect(ids(d)).toContain(filler.id);
    expect(ids(d)).not.toContain(mine.id);
    for (const m of d.matchingContents) {
      expect(m).toMatchObject({ fillsGap: true, reason: 'gap' });
      expect(d.bloomsAnalysis.gaps).toContain(m.bloomsLevel);
    }
  });

  it('clears a curriculum field with null on update, which then no longer filters', async () => {
    const c = await create({ subjectCode: uniqueWord('GONE'), subjectName: 'Gone', difficulty: 'easy' });
    const res = await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { subjectCode: null, subjectName: null, difficulty: null } });
    expect(res.status).toBe(200);
    const row = await db().collection.findUniqueOrThrow({ where: { id: c.id } });
    expect([row.subjectCode, row.subjectName, row.difficulty]).toEqual([null, null, null]);
    expect((await suggest(c.id)).matchedOn).toEqual([]);
    const bad = await api('PATCH', `/api/collections/${c.id}`, { token: owner.token, body: { difficulty: 'impossible' } });
    expect(bad.status).toBe(400);
  });
});

describe('pages say why the curriculum pickers are empty', () => {
  let active: string[] = [];
  let bare: AppProcess | undefined;
  beforeAll(async () => {
    // an empty local curriculum: every active framework set aside for these tests (restored after)
    active = (await db().curriculumFramework.findMany({ where: { isActive: true }, select: { code: true } })).map((f) => f.code);
    await db().curriculumFramework.updateMany({ where: { code: { in: active } }, data: { isActive: false } });
    bare = await startApp(appEnv(inject('idpUrl')), { waitForHealthy: true }); // no CURRICULUM_SERVICE_URL
  });
  afterAll(async () => {
    await db().curriculumFramework.updateMany({ where: { code: { in: active } }, data: { isActive: true } });
    await bare?.stop();
  });

  const browserAs = async (roles: ('teacher' | 'super_admin')[]) => {
    const u = await createIdpUser({ email: uniqueEmail('guide'), roles });
    return browserSignIn(u.email, u.password);
  };

  it('tells an admin to run a sync when the service is configured but nothing is synced', async () => {
    const b = await browserAs(['super_admin']);
    for (const path of ['/collections', '/curriculum']) {
      const page = await b.call('GET', path);
      expect([path, page.status]).toEqual([path, 200]);
      expect(page.text).toContain('data-testid="curriculum-empty"');
      expect(page.text).toContain('No curriculum is synced yet: run a sync (<code>POST /api/curriculum/sync/frameworks</code>)');
    }
  });

  it('asks a teacher to turn to their administrator', async () => {
    const b = await browserAs(['teacher']);
    for (const path of ['/collections', '/curriculum']) {
      const page = await b.call('GET', path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('No curriculum is synced yet. Ask your administrator to set up the curriculum.');
      expect(page.text).not.toContain('CURRICULUM_SERVICE_URL');
    }
  });

  it('says no curriculum service is configured and tells an admin the variable to set', async () => {
    const admin = await browserAs(['super_admin']);
    const page = await admin.call('GET', '/collections', { base: bare!.url });
    expect(page.status).toBe(200);
    expect(page.text).toContain('No curriculum service is configured. To set one up, set <code>CURRICULUM_SERVICE_URL</code>');
    const teacher = await browserAs(['teacher']);
    const tpage = await teacher.call('GET', '/collections', { base: bare!.url });
    expect(tpage.text).toContain('No curriculum service is configured. Ask your administrator to set up the curriculum.');
  });

  it('shows no notice once a framework is synced', async () => {
    const code = uniqueWord('FWG').toUpperCase().slice(0, 40);
    await db().curriculumFramework.create({ data: { code, name: `Framework ${code}`, countryCode: 'NZ', isActive: true, isPublished: true } });
    try {
      const b = await browserAs(['teacher']);
      const page = await b.call('GET', '/collections');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('data-testid="curriculum-empty"');
    } finally {
      await db().curriculumFramework.delete({ where: { code } });
    }
  });
});
