import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { setPlan, signedIn } from '../support/factories';
import { api } from '../support/http';
import { installTestLibraries, createContent } from '../support/h5p';
import { SAMPLE_PARAMS, libraryString } from '../support/h5p-packages';

beforeAll(async () => {
  await installTestLibraries();
});

describe('POST /h5p/content', () => {
  it('creates content with the spec defaults, records the caller as private owner and counts the quota', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/content', { token: t.token, body: { library: libraryString('H5P.MultiChoice'), params: SAMPLE_PARAMS['H5P.MultiChoice'] } });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    const { contentId, metadata } = res.body.data;
    expect(contentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(metadata).toMatchObject({ title: 'Untitled Content', embedTypes: ['iframe'], language: 'und', defaultLanguage: 'en', license: 'U', mainLibrary: 'H5P.MultiChoice' });
    expect(metadata.preloadedDependencies).toEqual([{ machineName: 'H5P.MultiChoice', majorVersion: 1, minorVersion: 16 }]);
    const own = await db().contentOwnership.findUnique({ where: { contentId } });
    expect(own).toMatchObject({ userId: t.user.id, visibility: 'private', viewCount: 0, publishedAt: null });
    const u = await db().user.findUniqueOrThrow({ where: { id: t.user.id } });
    expect(u.contentsCreatedThisMonth).toBe(1);
  });

  it('accepts params as a JSON string and metadata overrides', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/content', {
      token: t.token,
      body: { library: libraryString('H5P.TrueFalse'), params: JSON.stringify(SAMPLE_PARAMS['H5P.TrueFalse']), metadata: { title: 'Stars', language: 'en', license: 'CC BY' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.metadata).toMatchObject({ title: 'Stars', language: 'en', license: 'CC BY' });
    const row = await db().h5pContent.findUniqueOrThrow({ where: { id: res.body.data.contentId } });
    expect(row.parameters).toEqual(SAMPLE_PARAMS['H5P.TrueFalse']);
  });

  it.each([
    [{ params: {} }, 'Library and params are required'],
    [{ library: 'H5P.MultiChoice 1.16' }, 'Library and params are required'],
    [{ library: 'H5P.MultiChoice', params: {} }, 'Invalid library format. Expected "<machineName> <major>.<minor>"'],
    [{ library: 'H5P.MultiChoice 1.16', params: '{not json' }, 'Invalid JSON in params'],
  ])('answers 400 for %j', async (body, error) => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/content', { token: t.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error });
  });

  it('answers 429 when the monthly quota is used up and creates nothing', async () => {
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'free');
    await db().user.update({ where: { id: t.user.id }, data: { contentsCreatedThisMonth: 3 } });
    const before = await db().h5pContent.count();
    const res = await api('POST', '/h5p/content', { token: t.token, body: { library: libraryString('H5P.TrueFalse'), params: SAMPLE_PARAMS['H5P.TrueFalse'] } });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ success: false, error: 'Monthly content quota exceeded' });
    expect(await db().h5pContent.count()).toBe(before);
  });

  it('lets exactly the remaining quota through under concurrency', async () => {
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'free');
    const body = { library: libraryString('H5P.TrueFalse'), params: SAMPLE_PARAMS['H5P.TrueFalse'] };
    const results = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/h5p/content', { token: t.token, body })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
  });

  it('answers 401 without a token and 403 for a student', async () => {
    expect((await api('POST', '/h5p/content', { body: {} })).body).toEqual({ success: false, error: 'Authentication required' });
    const s = await signedIn(['student']);
    const res = await api('POST', '/h5p/content', { token: s.token, body: {} });
    expect(res.status).toBe(403);
  });
});

describe('GET /h5p/content/:contentId', () => {
  it('returns the metadata of public content to any signed-in user', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.Blanks', { title: 'Capitals' });
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    const s = await signedIn(['student']);
    const res = await api('GET', `/h5p/content/${id}`, { token: s.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['createdAt', 'embedTypes', 'id', 'mainLibrary', 'title', 'updatedAt']);
    expect(res.body.data).toMatchObject({ id, title: 'Capitals', mainLibrary: 'H5P.Blanks', embedTypes: ['iframe'] });
  });

  it('answers 404 Content not found for another user’s private content, as for unknown content', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.Blanks', { title: 'Private capitals' });
    expect((await api('GET', `/h5p/content/${id}`, { token: t.token })).status).toBe(200);
    for (const roles of [['student'], ['teacher'], ['tenant_admin']] as const) {
      const other = await signedIn([...roles]);
      const res = await api('GET', `/h5p/content/${id}`, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Content not found' });
    }
    const superAdmin = await signedIn(['super_admin']);
    expect((await api('GET', `/h5p/content/${id}`, { token: superAdmin.token })).status).toBe(200);
  });

  it('answers 404 for unknown content', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('GET', '/h5p/content/does-not-exist', { token: t.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Content not found' });
  });
});

describe('PUT /h5p/content/:contentId', () => {
  it('updates the owner’s content', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse');
    const params = { ...(SAMPLE_PARAMS['H5P.TrueFalse'] as object), question: '<p>Water is wet.</p>' };
    const res = await api('PUT', `/h5p/content/${id}`, { token: t.token, body: { library: libraryString('H5P.TrueFalse'), params, metadata: { title: 'Water' } } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ contentId: id, metadata: { title: 'Water' } });
    const row = await db().h5pContent.findUniqueOrThrow({ where: { id } });
    expect(row.title).toBe('Water');
    expect((row.parameters as { question: string }).question).toBe('<p>Water is wet.</p>');
  });

  it('answers 403 for another teacher', async () => {
    const owner = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const id = await createContent(owner.token, 'H5P.TrueFalse');
    const res = await api('PUT', `/h5p/content/${id}`, { token: other.token, body: { library: libraryString('H5P.TrueFalse'), params: SAMPLE_PARAMS['H5P.TrueFalse'] } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Only the owner can update this content' });
  });

  it('lets any teacher update content without an owner and makes the updater the owner', async () => {
    const owner = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const id = await createContent(owner.token, 'H5P.TrueFalse');
    await db().contentOwnership.delete({ where: { contentId: id } });
    const res = await api('PUT', `/h5p/content/${id}`, { token: other.token, body: { library: libraryString('H5P.TrueFalse'), params: SAMPLE_PARAMS['H5P.TrueFalse'] } });
    expect(res.status).toBe(200);
    expect(await db().contentOwnership.findUnique({ where: { contentId: id } })).toMatchObject({ userId: other.user.id, visibility: 'private' });
  });

  it('answers 404 for unknown content', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('PUT', '/h5p/content/nope', { token: t.token, body: { library: libraryString('H5P.TrueFalse'), params: {} } });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /h5p/content/:contentId', () => {
  it('removes the content row, files, quality report and ownership but leaves curriculum metadata', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    // (a report may already have been generated in the background)
    const report = { overallScore: 70, bloomsLevel: 'remember', accessibilityScore: 50, report: { dimensions: {} } };
    await db().contentQualityReport.upsert({ where: { contentId: id }, create: { contentId: id, ...report }, update: report });
    await db().contentCurriculumMetadata.create({ data: { contentId: id, frameworkCode: 'F', frameworkName: 'F', countryCode: 'XX', gradeCode: 'G', gradeName: 'G', subjectCode: 'S', subjectName: 'S' } });
    const res = await api('DELETE', `/h5p/content/${id}`, { token: t.token });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect(await db().h5pContent.findUnique({ where: { id } })).toBeNull();
    expect(await db().contentOwnership.findUnique({ where: { contentId: id } })).toBeNull();
    expect(await db().contentQualityReport.findUnique({ where: { contentId: id } })).toBeNull();
    expect(await db().contentCurriculumMetadata.findUnique({ where: { contentId: id } })).not.toBeNull();
    expect((await api('GET', `/h5p/content/${id}`, { token: t.token })).status).toBe(404);
  });

  it('answers 403 for another teacher and allows anyone when there is no owner', async () => {
    const owner = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const id = await createContent(owner.token, 'H5P.TrueFalse');
    const denied = await api('DELETE', `/h5p/content/${id}`, { token: other.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ success: false, error: 'Only the owner can delete this content' });
    await db().contentOwnership.delete({ where: { contentId: id } });
    expect((await api('DELETE', `/h5p/content/${id}`, { token: other.token })).status).toBe(200);
  });
});

describe('PATCH /h5p/content/:contentId/visibility', () => {
  it('publishes, sets published_at once, and makes private again', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse');
    const pub = await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } });
    expect(pub.status).toBe(200);
    expect(pub.body.data).toEqual({ contentId: id, visibility: 'public' });
    const first = (await db().contentOwnership.findUniqueOrThrow({ where: { contentId: id } })).publishedAt;
    expect(first).toBeInstanceOf(Date);
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'private' } })).body.data.visibility).toBe('private');
    await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } });
    const again = await db().contentOwnership.findUniqueOrThrow({ where: { contentId: id } });
    expect(again.visibility).toBe('public');
    expect(again.publishedAt?.toISOString()).toBe(first?.toISOString());
  });

  it.each([[{}], [{ visibility: 'secret' }]])('answers 400 for %j', async (body) => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.TrueFalse');
    const res = await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation error: visibility: Visibility must be "private" or "public"');
  });

  it('answers 403 for a teacher who is not the owner', async () => {
    const owner = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const id = await createContent(owner.token, 'H5P.TrueFalse');
    const res = await api('PATCH', `/h5p/content/${id}/visibility`, { token: other.token, body: { visibility: 'public' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Only the owner can change the visibility of this content' });
  });
});

describe('GET /h5p/content (list)', () => {
  it('lists only the caller’s content, enriched with curriculum, quality (computed for new content), visibility and views', async () => {
    const t = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const a = await createContent(t.token, 'H5P.MultiChoice', { title: 'A' });
    const b = await createContent(t.token, 'H5P.Blanks', { title: 'B' });
    await createContent(other.token, 'H5P.TrueFalse', { title: 'not mine' });
    await db().contentCurriculumMetadata.create({ data: { contentId: a, frameworkCode: 'F', frameworkName: 'Framework', countryCode: 'XX', gradeCode: 'G1', gradeName: 'Grade 1', subjectCode: 'M', subjectName: 'Maths', topicNames: ['Sums'], difficulty: 'easy' } });
    // new content is scored in the background; a's score is fixed here, b's comes from the rule-based critic
    await expect.poll(() => db().contentQualityReport.count({ where: { contentId: { in: [a, b] } } }), { timeout: 10_000 }).toBe(2);
    await db().contentQualityReport.update({ where: { contentId: a }, data: { overallScore: 81, bloomsLevel: 'apply' } });
    await api('PATCH', `/h5p/content/${a}/visibility`, { token: t.token, body: { visibility: 'public' } });
    await db().contentOwnership.update({ where: { contentId: a }, data: { viewCount: 7 } });
    const res = await api('GET', '/h5p/content', { token: t.token });
    expect(res.status).toBe(200);
    const items = res.body.data as Array<Record<string, any>>;
    expect(items.map((i) => i.id).sort()).toEqual([a, b].sort());
    const ia = items.find((i) => i.id === a)!;
    expect(ia).toMatchObject({
      title: 'A', mainLibrary: 'H5P.MultiChoice', contentTypeSlug: 'multiple-choice', embedTypes: ['iframe'], visibility: 'public', viewCount: 7,
      curriculum: { frameworkName: 'Framework', gradeName: 'Grade 1', subjectName: 'Maths', topicNames: ['Sums'], difficulty: 'easy', language: 'en' },
      quality: { overallScore: 81, bloomsLevel: 'apply' },
    });
    const ib = items.find((i) => i.id === b)!;
    expect(ib).toMatchObject({ contentTypeSlug: 'fill-in-the-blanks', curriculum: null, quality: { overallScore: expect.any(Number), bloomsLevel: 'remember' }, visibility: 'private', viewCount: 0 });
  });
});

describe('GET /h5p/play/:contentId', () => {
  it('returns integration, scripts and styles of public content, injects ?token= and counts a view', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    const s = await signedIn(['student']);
    const res = await api('GET', `/h5p/play/${id}?token=${s.token}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['integration', 'scripts', 'styles']);
    expect(res.body.data.scripts).toEqual(expect.arrayContaining([expect.stringMatching(/^\/h5p\/core\/js\/jquery\.js/), expect.stringMatching(/^\/h5p\/libraries\/H5P\.MultiChoice-1\.16\/multichoice\.js\?version=1\.16\.3$/)]));
    const integration = res.body.data.integration;
    expect(integration.contents[`cid-${id}`].library).toBe('H5P.MultiChoice 1.16');
    expect(integration.ajax.setFinished).toBe(`/h5p/finishedData?token=${s.token}`);
    expect(integration.ajax.contentUserData).toContain(`token=${s.token}`);
    for (let i = 0; i < 20; i++) {
      if ((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: id } })).viewCount === 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await db().contentOwnership.findUniqueOrThrow({ where: { contentId: id } })).viewCount).toBe(1);
  });

  it('answers 404 Content not found for another user’s private content and counts no view', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const s = await signedIn(['student']);
    const res = await api('GET', `/h5p/play/${id}?token=${s.token}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Content not found' });
    expect((await api('GET', `/h5p/play/${id}`, { token: t.token })).status).toBe(200);
  });

  it('answers 404 for unknown content and 401 without a token', async () => {
    const t = await signedIn(['teacher']);
    expect((await api('GET', '/h5p/play/nope', { token: t.token })).status).toBe(404);
    expect((await api('GET', '/h5p/play/nope')).status).toBe(401);
  });
});

describe('GET /h5p/new and /h5p/edit/:contentId', () => {
  it('returns the editor model with the token in the AJAX address', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('GET', `/h5p/new?language=en&token=${t.token}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ contentLanguage: 'en' });
    expect(Array.isArray(res.body.data.scripts)).toBe(true);
    expect(Array.isArray(res.body.data.styles)).toBe(true);
    const integration = res.body.data.integration;
    expect(integration.editor.ajaxPath).toBe(`/h5p/ajax?token=${t.token}&action=`);
    expect(integration.ajax).toBeDefined();
  });

  it('adds library, params and metadata for existing content; other teachers get 404 (private) or 403 (public)', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.Blanks', { title: 'Cities' });
    const res = await api('GET', `/h5p/edit/${id}`, { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.data.library).toBe('H5P.Blanks 1.14');
    expect(res.body.data.params).toEqual(SAMPLE_PARAMS['H5P.Blanks']);
    expect(res.body.data.metadata).toMatchObject({ title: 'Cities', mainLibrary: 'H5P.Blanks' });
    const other = await signedIn(['teacher']);
    const hidden = await api('GET', `/h5p/edit/${id}`, { token: other.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ success: false, error: 'Content not found' });
    expect((await api('PATCH', `/h5p/content/${id}/visibility`, { token: t.token, body: { visibility: 'public' } })).status).toBe(200);
    const notOwner = await api('GET', `/h5p/edit/${id}`, { token: other.token });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body).toEqual({ success: false, error: 'You do not own this content' });
  });
});

describe('GET /h5p/health', () => {
  it('answers without login', async () => {
    const res = await api('GET', '/h5p/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, service: 'h5p' });
    expect(new Date(res.body.timestamp).getTime()).toBeGreaterThan(0);
  });
});
