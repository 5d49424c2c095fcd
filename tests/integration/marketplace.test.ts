import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { testDatabaseUrl } from '../support/env';
import { createContent, setPlan, signedIn, uniqueWord } from '../support/factories';
import { api } from '../support/http';

type Caller = { token: string; user: { id: string; name: string } };
let viewer: Caller;
let author: Caller;

beforeAll(async () => {
  viewer = await signedIn(['teacher']);
  author = await signedIn(['teacher']);
});

const list = (who: Caller, query: Record<string, string | number>) =>
  api('GET', `/api/marketplace/public-contents?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token: who.token });
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((d) => d.id);

describe('GET /api/marketplace/public-contents', () => {
  it('lists public content of others with the item shape and total; private and own content never appear', async () => {
    const word = uniqueWord('mk');
    const pub = await createContent({
      ownerId: author.user.id,
      visibility: 'public',
      title: `${word} Fractions quiz`,
      mainLibrary: 'H5P.QuestionSet',
      viewCount: 7,
      curriculum: { frameworkCode: 'NZC', frameworkName: 'NZ Curriculum', gradeCode: 'Y5', gradeName: 'Year 5', subjectCode: 'MATH', subjectName: 'Maths', topicNames: ['Fractions'] },
      quality: { overallScore: 81.5, dimensions: { clarity: 80, accuracy: 83 } },
    });
    await createContent({ ownerId: author.user.id, visibility: 'private', title: `${word} private` });
    await createContent({ ownerId: viewer.user.id, visibility: 'public', title: `${word} mine` });
    const res = await list(viewer, { search: word });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.data).toHaveLength(1);
    const item = res.body.data[0];
    expect(item).toEqual({
      id: pub.id,
      title: `${word} Fractions quiz`,
      mainLibrary: 'H5P.QuestionSet',
      contentTypeSlug: 'quiz',
      authorId: author.user.id,
      authorName: author.user.name,
      viewCount: 7,
      publishedAt: expect.any(String),
      curriculum: expect.objectContaining({ frameworkCode: 'NZC', frameworkName: 'NZ Curriculum', gradeName: 'Year 5', subjectName: 'Maths', topicNames: ['Fractions'], difficulty: 'medium', language: 'en' }),
      quality: { overallScore: 81.5, dimensions: { clarity: 80, accuracy: 83 } },
      bloomsLevel: 'understand', // its quality report's level (the factory's default)
    });
    // the author sees their own content excluded
    expect((await list(author, { search: word })).body.total).toBe(1); // viewer's public one
    expect(ids(await list(author, { search: word }))).not.toContain(pub.id);
  });

  it('gives curriculum and quality null when absent, and Anonymous for an author without a name', async () => {
    const word = uniqueWord('an');
    const nameless = await signedIn(['teacher']);
    await db().user.update({ where: { id: nameless.user.id }, data: { name: '' } });
    const c = await createContent({ ownerId: nameless.user.id, visibility: 'public', title: word });
    const res = await list(viewer, { search: word });
    expect(res.body.data[0]).toMatchObject({ id: c.id, authorName: 'Anonymous', curriculum: null, quality: null, viewCount: 0 });
  });

  it('leaves out content whose content row is unreadable (ownership without content)', async () => {
    const word = uniqueWord('ur');
    const readable = await createContent({ ownerId: author.user.id, visibility: 'public', title: `${word} ok` });
    const broken = await createContent({ ownerId: author.user.id, visibility: 'public', title: `${word} broken` });
    // simulate storage that lost the content while the ownership row remains (bypassing the foreign key)
    const c = new pg.Client({ connectionString: testDatabaseUrl() });
    await c.connect();
    try {
      await c.query("SET session_replication_role = 'replica'");
      await c.query('DELETE FROM h5p_contents WHERE id = $1', [broken.id]);
    } finally {
      await c.end();
    }
    const res = await list(viewer, { search: word });
    expect(ids(res)).toEqual([readable.id]);
    expect(res.body.total).toBe(1);
    expect((await api('POST', `/api/marketplace/public-contents/${broken.id}/clone`, { token: viewer.token })).status).toBe(404);
    await db().contentOwnership.delete({ where: { contentId: broken.id } });
  });

  it('searches titles by word prefixes', async () => {
    const word = uniqueWord('sr');
    const a = await createContent({ ownerId: author.user.id, visibility: 'public', title: `${word} Photosynthesis basics` });
    const b = await createContent({ ownerId: author.user.id, visibility: 'public', title: `${word} Photography` });
    expect(new Set(ids(await list(viewer, { search: `${word} photo` })))).toEqual(new Set([a.id, b.id]));
    expect(ids(await list(viewer, { search: `${word} photos` }))).toEqual([a.id]);
    expect(ids(await list(viewer, { search: `${word.toUpperCase()} BASIC` }))).toEqual([a.id]);
    expect((await list(viewer, { search: `${word} zzzqqq` })).body).toEqual({ success: true, data: [], total: 0 });
    expect((await list(viewer, { search: `${word} & | ! :*` })).status).toBe(200);
  });

  it('filters by content type (slug or machine name) and every curriculum field', async () => {
    const word = uniqueWord('fl');
    const base = { frameworkCode: 'FWA', gradeCode: 'G1', subjectCode: 'MATH', difficulty: 'easy', language: 'en' };
    const match = await createContent({ ownerId: author.user.id, visibility: 'public', title: word, mainLibrary: 'H5P.DragText', curriculum: base });
    await createContent({ ownerId: author.user.id, visibility: 'public', title: word, mainLibrary: 'H5P.Blanks', curriculum: base });
    for (const [k, v] of Object.entries({ frameworkCode: 'FWB', gradeCode: 'G2', subjectCode: 'SCI', difficulty: 'hard', language: 'de' })) {
      await createContent({ ownerId: author.user.id, visibility: 'public', title: word, mainLibrary: 'H5P.DragText', curriculum: { ...base, [k]: v } });
    }
    await createContent({ ownerId: author.user.id, visibility: 'public', title: word, mainLibrary: 'H5P.DragText' });
    const all = { search: word, ...base };
    expect(ids(await list(viewer, { ...all, contentType: 'drag-the-words' }))).toEqual([match.id]);
    expect(ids(await list(viewer, { ...all, contentType: 'H5P.DragText' }))).toEqual([match.id]);
    expect((await list(viewer, { search: word, contentType: 'H5P.DragText' })).body.total).toBe(7);
    expect((await list(viewer, { search: word, frameworkCode: 'FWB' })).body.total).toBe(1);
    expect((await list(viewer, { search: word, gradeCode: 'G2' })).body.total).toBe(1);
    expect((await list(viewer, { search: word, subjectCode: 'SCI' })).body.total).toBe(1);
    expect((await list(viewer, { search: word, difficulty: 'hard' })).body.total).toBe(1);
    expect((await list(viewer, { search: word, language: 'de' })).body.total).toBe(1);
  });

  it('sorts by newest (default), popular and quality', async () => {
    const word = uniqueWord('so');
    const t = Date.now();
    const old = await createContent({ ownerId: author.user.id, visibility: 'public', title: word, publishedAt: new Date(t - 3_000_000), viewCount: 50, quality: { overallScore: 60 } });
    const mid = await createContent({ ownerId: author.user.id, visibility: 'public', title: word, publishedAt: new Date(t - 2_000_000), viewCount: 5, quality: { overallScore: 95 } });
    const recent = await createContent({ ownerId: author.user.id, visibility: 'public', title: word, publishedAt: new Date(t - 1_000_000), viewCount: 20 });
    expect(ids(await list(viewer, { search: word }))).toEqual([recent.id, mid.id, old.id]);
    expect(ids(await list(viewer, { search: word, sortBy: 'newest' }))).toEqual([recent.id, mid.id, old.id]);
    expect(ids(await list(viewer, { search: word, sortBy: 'popular' }))).toEqual([old.id, recent.id, mid.id]);
    expect(ids(await list(viewer, { search: word, sortBy: 'quality' }))).toEqual([mid.id, old.id, recent.id]);
  });

  it('follows later changes of the title, type, curriculum and quality report (keys copied onto the ownership row)', async () => {
    const word = uniqueWord('kc');
    const renamed = uniqueWord('kr');
    const t = Date.now();
    // curriculum codes of this test only; metadata written before the ownership row is picked up when it is made
    const [FW, SUB, G1, G2] = [`F${word}`, `S${word}`, `G1${word}`, `G2${word}`] as const;
    const id = `kc-${t}`;
    await db().contentCurriculumMetadata.create({
      data: { contentId: id, frameworkCode: FW, frameworkName: 'K', countryCode: 'NZ', gradeCode: G1, gradeName: 'G', subjectCode: SUB, subjectName: 'S', difficulty: 'easy', language: 'en' },
    });
    const early = await createContent({ id, ownerId: author.user.id, visibility: 'public', title: word, publishedAt: new Date(t - 2_000), quality: { overallScore: 40 } });
    const late = await createContent({ ownerId: author.user.id, visibility: 'public', title: word, publishedAt: new Date(t - 1_000) });
    expect(ids(await list(viewer, { search: word, frameworkCode: FW, gradeCode: G1, subjectCode: SUB, difficulty: 'easy' }))).toEqual([early.id]);
    expect(ids(await list(viewer, { search: word, sortBy: 'quality' }))).toEqual([early.id, late.id]);

    // title and type
    await db().h5pContent.update({ where: { id: late.id }, data: { title: `${renamed} now`, mainLibrary: 'H5P.DragText' } });
    expect(ids(await list(viewer, { search: word }))).toEqual([early.id]);
    expect(ids(await list(viewer, { search: renamed, contentType: 'drag-the-words' }))).toEqual([late.id]);
    // curriculum: added, changed, removed
    await db().contentCurriculumMetadata.create({
      data: { contentId: late.id, frameworkCode: FW, frameworkName: 'K', countryCode: 'NZ', gradeCode: G2, gradeName: 'G', subjectCode: SUB, subjectName: 'S', difficulty: 'hard', language: 'de' },
    });
    expect((await list(viewer, { subjectCode: SUB })).body.total).toBe(2);
    expect(ids(await list(viewer, { frameworkCode: FW, gradeCode: G2, language: 'de' }))).toEqual([late.id]);
    await db().contentCurriculumMetadata.update({ where: { contentId: early.id }, data: { gradeCode: G2, difficulty: 'hard', language: 'de' } });
    expect(ids(await list(viewer, { frameworkCode: FW, gradeCode: G2, difficulty: 'hard', language: 'de' }))).toEqual([late.id, early.id]);
    await db().contentCurriculumMetadata.delete({ where: { contentId: early.id } });
    expect(ids(await list(viewer, { subjectCode: SUB }))).toEqual([late.id]);
    // quality: a new report, a changed score, a removed report
    await db().contentQualityReport.create({ data: { contentId: late.id, overallScore: 90, bloomsLevel: 'apply', accessibilityScore: 80, report: {} } });
    expect(ids(await list(viewer, { search: renamed, sortBy: 'quality' }))).toEqual([late.id]);
    const both = () => list(viewer, { subjectCode: SUB, sortBy: 'quality' }).then(ids);
    await db().contentCurriculumMetadata.create({
      data: { contentId: early.id, frameworkCode: FW, frameworkName: 'K', countryCode: 'NZ', gradeCode: G1, gradeName: 'G', subjectCode: SUB, subjectName: 'S' },
    });
    expect(await both()).toEqual([late.id, early.id]);
    await db().contentQualityReport.update({ where: { contentId: early.id }, data: { overallScore: 99 } });
    expect(await both()).toEqual([early.id, late.id]);
    await db().contentQualityReport.delete({ where: { contentId: early.id } });
    expect(await both()).toEqual([late.id, early.id]);
    const res = await list(viewer, { subjectCode: SUB, sortBy: 'quality' });
    expect(res.body.data.map((d: { quality: unknown }) => d.quality === null)).toEqual([false, true]);
    // private again: gone from the list and its total
    await db().contentOwnership.update({ where: { contentId: late.id }, data: { visibility: 'private' } });
    expect((await list(viewer, { subjectCode: SUB })).body.total).toBe(1);
  });

  it('counts the total of a filtered quality sort on every page, also past the end', async () => {
    const word = uniqueWord('qt');
    for (let i = 0; i < 3; i++) await createContent({ ownerId: author.user.id, visibility: 'public', title: word, quality: { overallScore: 50 + i } });
    const first = await list(viewer, { search: word, sortBy: 'quality', limit: 2 });
    expect([first.body.total, first.body.data.length]).toEqual([3, 2]);
    const second = await list(viewer, { search: word, sortBy: 'quality', limit: 2, offset: 2 });
    expect([second.body.total, second.body.data.length]).toEqual([3, 1]);
    const past = await list(viewer, { search: word, sortBy: 'quality', offset: 10 });
    expect([past.body.total, past.body.data.length]).toEqual([3, 0]);
  });

  it('pages with offset and limit, total counting every match', async () => {
    const word = uniqueWord('pg');
    const t = Date.now();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createContent({ ownerId: author.user.id, visibility: 'public', title: word, publishedAt: new Date(t - i * 1000) }));
    const page = await list(viewer, { search: word, offset: 1, limit: 2 });
    expect(ids(page)).toEqual([made[1]!.id, made[2]!.id]);
    expect(page.body.total).toBe(5);
    expect((await list(viewer, { search: word, offset: 10 })).body).toEqual({ success: true, data: [], total: 5 });
    expect((await list(viewer, { search: word })).body.data).toHaveLength(5);
  });

  it.each([
    ['limit=0'],
    ['limit=51'],
    ['offset=-1'],
    ['limit=abc'],
    ['sortBy=oldest'],
    ['difficulty=extreme'],
    [`search=${'x'.repeat(501)}`],
    [`contentType=${'x'.repeat(101)}`],
    [`frameworkCode=${'x'.repeat(51)}`],
    [`gradeCode=${'x'.repeat(51)}`],
    [`subjectCode=${'x'.repeat(101)}`],
    [`language=${'x'.repeat(11)}`],
  ])('answers 400 Validation error for %s', async (q) => {
    const res = await api('GET', `/api/marketplace/public-contents?${q}`, { token: viewer.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Validation error: /);
  });

  it('defaults to 20 items and accepts limit 50', async () => {
    const word = uniqueWord('df');
    for (let i = 0; i < 21; i++) await createContent({ ownerId: author.user.id, visibility: 'public', title: word });
    expect((await list(viewer, { search: word })).body.data).toHaveLength(20);
    expect((await list(viewer, { search: word, limit: 50 })).body.data).toHaveLength(21);
  });

  it('needs a token (401 Authentication required)', async () => {
    const res = await api('GET', '/api/marketplace/public-contents');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });
});

describe('GET /api/marketplace/public-contents/facets', () => {
  it('lists sorted distinct values of public content only, without null or empty values', async () => {
    const fw = uniqueWord('FACET').toUpperCase();
    const hiddenFw = uniqueWord('HIDDEN').toUpperCase();
    await createContent({ ownerId: author.user.id, visibility: 'public', curriculum: { frameworkCode: fw, frameworkName: 'Facet framework', gradeCode: 'ZZ-G', subjectCode: 'ZZ-S', difficulty: 'hard', language: 'mi' } });
    await createContent({ ownerId: author.user.id, visibility: 'private', curriculum: { frameworkCode: hiddenFw } });
    const res = await api('GET', '/api/marketplace/public-contents/facets', { token: viewer.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(['difficulties', 'frameworks', 'grades', 'languages', 'subjects']);
    for (const k of Object.keys(d)) {
      expect([...d[k]].sort((a: string, b: string) => a.localeCompare(b))).toEqual(d[k]);
      expect(d[k].every((v: unknown) => typeof v === 'string' && v !== '')).toBe(true);
    }
    expect(d.frameworks).toContain(fw);
    expect(d.frameworks).not.toContain(hiddenFw);
    expect(d.grades).toContain('ZZ-G');
    expect(d.subjects).toContain('ZZ-S');
    expect(d.difficulties).toContain('hard');
    expect(d.languages).toContain('mi');
    expect(res.body.names.frameworks[fw]).toBe('Facet framework');
  });

  it('needs a token', async () => {
    expect((await api('GET', '/api/marketplace/public-contents/facets')).status).toBe(401);
  });
});

describe('POST /api/marketplace/public-contents/:contentId/clone', () => {
  const contentDir = (id: string) => path.join(inject('appDataDir'), 'h5p', 'content', id);

  it('copies content, files and curriculum metadata into a private copy owned by the caller, counts it, and raises the source views', async () => {
    const cloner = await signedIn(['teacher']);
    const src = await createContent({
      ownerId: author.user.id,
      visibility: 'public',
      title: 'Clone me',
      mainLibrary: 'H5P.DragQuestion',
      viewCount: 3,
      parameters: { task: 'drag' },
      curriculum: { frameworkCode: 'NZC', subjectCode: 'SCI', topicCodes: ['T9'], objectiveCodes: ['O9'], difficulty: 'hard' },
    });
    mkdirSync(path.join(contentDir(src.id), 'images'), { recursive: true });
    writeFileSync(path.join(contentDir(src.id), 'images', 'a.png'), 'png-bytes');
    const before = (await db().user.findUniqueOrThrow({ where: { id: cloner.user.id } })).contentsCreatedThisMonth;

    const res = await api('POST', `/api/marketplace/public-contents/${src.id}/clone`, { token: cloner.token });
    expect(res.status).toBe(201);
    const newId = res.body.data.contentId as string;
    expect(newId).toMatch(/^[0-9a-f-]{36}$/);
    expect(newId).not.toBe(src.id);

    const copy = await db().h5pContent.findUniqueOrThrow({ where: { id: newId }, include: { ownership: true } });
    expect(copy).toMatchObject({ title: 'Clone me', mainLibrary: 'H5P.DragQuestion', parameters: { task: 'drag' } });
    expect(copy.ownership).toMatchObject({ userId: cloner.user.id, visibility: 'private', viewCount: 0, publishedAt: null });
    const meta = await db().contentCurriculumMetadata.findUniqueOrThrow({ where: { contentId: newId } });
    expect(meta).toMatchObject({ frameworkCode: 'NZC', subjectCode: 'SCI', topicCodes: ['T9'], objectiveCodes: ['O9'], difficulty: 'hard' });
    expect(readFileSync(path.join(contentDir(newId), 'images', 'a.png'), 'utf8')).toBe('png-bytes');
    expect((await db().user.findUniqueOrThrow({ where: { id: cloner.user.id } })).contentsCreatedThisMonth).toBe(before + 1);
    // the view count is raised after the response: poll briefly
    let views = 0;
    for (let i = 0; i < 20 && views !== 4; i++) {
      views = (await db().contentOwnership.findUniqueOrThrow({ where: { contentId: src.id } })).viewCount;
      if (views !== 4) await new Promise((r) => setTimeout(r, 50));
    }
    expect(views).toBe(4);
    // the copy is private: not in the marketplace
    expect(ids(await list(viewer, { search: 'Clone me', limit: 50 }))).not.toContain(newId);
  });

  it('clones content that has no files or metadata', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public' });
    const res = await api('POST', `/api/marketplace/public-contents/${src.id}/clone`, { token: viewer.token });
    expect(res.status).toBe(201);
    expect(await db().contentCurriculumMetadata.findUnique({ where: { contentId: res.body.data.contentId } })).toBeNull();
  });

  it('answers 404 Content not found or not public for private or missing content', async () => {
    const priv = await createContent({ ownerId: author.user.id, visibility: 'private' });
    for (const id of [priv.id, uniqueWord('missing')]) {
      const res = await api('POST', `/api/marketplace/public-contents/${id}/clone`, { token: viewer.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Content not found or not public' });
    }
  });

  it('answers 403 Content limit reached when the monthly quota is used up, copying nothing', async () => {
    const free = await signedIn(['teacher']);
    await setPlan(free.user.id, 'free');
    await db().user.update({ where: { id: free.user.id }, data: { contentsCreatedThisMonth: 3 } });
    const src = await createContent({ ownerId: author.user.id, visibility: 'public' });
    const res = await api('POST', `/api/marketplace/public-contents/${src.id}/clone`, { token: free.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Content limit reached' });
    expect(await db().contentOwnership.count({ where: { userId: free.user.id } })).toBe(0);
  });

  it('lets exactly the remaining quota through under concurrent clones', async () => {
    const free = await signedIn(['teacher']);
    await setPlan(free.user.id, 'free');
    await db().user.update({ where: { id: free.user.id }, data: { contentsCreatedThisMonth: 1 } });
    const src = await createContent({ ownerId: author.user.id, visibility: 'public' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => api('POST', `/api/marketplace/public-contents/${src.id}/clone`, { token: free.token })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 403, 403]);
    expect(await db().contentOwnership.count({ where: { userId: free.user.id } })).toBe(2);
  });

  it('leaves no partial copy when the clone fails, and gives the quota back', async () => {
    const victim = await signedIn(['teacher']);
    const src = await createContent({ ownerId: author.user.id, visibility: 'public', curriculum: {} });
    mkdirSync(contentDir(src.id), { recursive: true });
    writeFileSync(path.join(contentDir(src.id), 'content.json'), '{}');
    // make the ownership insert of this user's copy fail inside the transaction
    const fn = `fail_clone_${victim.user.id.replaceAll('-', '')}`;
    await db().$executeRawUnsafe(`CREATE FUNCTION ${fn}() RETURNS trigger AS $$ BEGIN
      IF NEW.user_id = '${victim.user.id}' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db().$executeRawUnsafe(`CREATE TRIGGER ${fn} BEFORE INSERT ON content_ownership FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      const before = (await db().user.findUniqueOrThrow({ where: { id: victim.user.id } })).contentsCreatedThisMonth;
      // the folders other tests left are theirs (a test writing a file into a content folder by hand, say): only a
      // folder this clone made counts
      const dirsBefore = new Set(readdirSync(path.dirname(contentDir(src.id))));
      const res = await api('POST', `/api/marketplace/public-contents/${src.id}/clone`, { token: victim.token });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, error: 'Failed to clone content' });
      expect(await db().h5pContent.count({ where: { creatorId: victim.user.id } })).toBe(0);
      expect(await db().contentOwnership.count({ where: { userId: victim.user.id } })).toBe(0);
      expect((await db().user.findUniqueOrThrow({ where: { id: victim.user.id } })).contentsCreatedThisMonth).toBe(before);
      // no folder on disk without its content row: the copied files were removed
      const orphans = [];
      for (const d of readdirSync(path.dirname(contentDir(src.id)))) {
        if (!dirsBefore.has(d) && !(await db().h5pContent.findUnique({ where: { id: d } }))) orphans.push(d);
      }
      expect(orphans).toEqual([]);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER ${fn} ON content_ownership`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
  });

  it('is teacher level: a student gets 403, no token 401', async () => {
    const src = await createContent({ ownerId: author.user.id, visibility: 'public' });
    const student = await signedIn(['student']);
    expect((await api('POST', `/api/marketplace/public-contents/${src.id}/clone`, { token: student.token })).status).toBe(403);
    expect((await api('POST', `/api/marketplace/public-contents/${src.id}/clone`)).status).toBe(401);
  });
});
