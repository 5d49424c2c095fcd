import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { sampleFramework } from '../support/curriculum-standin';
import { createContent, signedIn, uniqueWord } from '../support/factories';
import { api } from '../support/http';

const standin = async (path: string, body?: unknown) => {
  const res = await fetch(`${inject('curriculumUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
};
const loadFramework = (f: object) => standin('/admin/frameworks', f);
const setMode = (m: object) => standin('/admin/mode', m);
const code = () => uniqueWord('FW').toUpperCase();

let admin: { token: string; user: { id: string } };
let teacher: { token: string; user: { id: string } };

beforeAll(async () => {
  admin = await signedIn(['super_admin']);
  teacher = await signedIn(['teacher']);
});

afterEach(async () => {
  await standin('/admin/reset', {});
});

describe('curriculum sync: admin level', () => {
  for (const path of ['/api/curriculum/sync/frameworks', '/api/curriculum/sync/frameworks/ANY']) {
    it(`POST ${path} answers 401 Bearer token required without an Authorization header`, async () => {
      const res = await api('POST', path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Bearer token required' });
    });

    it(`POST ${path} answers 403 Admin access required for a teacher`, async () => {
      const res = await api('POST', path, { token: teacher.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'Admin access required' });
    });

    it(`POST ${path} answers 403 Admin access required for a student`, async () => {
      const student = await signedIn(['student']);
      const res = await api('POST', path, { token: student.token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Admin access required');
    });
  }
});

describe('POST /api/curriculum/sync/frameworks/:code', () => {
  it('syncs the framework and its hierarchy, forwarding the caller token, and logs a completed entry', async () => {
    const c = code();
    await loadFramework(sampleFramework(c));
    const res = await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({ stages: 2, grades: 3, subjects: 2, units: 2, topics: 2, objectives: 2, errors: [] });
    expect(typeof res.body.message).toBe('string');

    const seen = (await standin('/admin/requests')) as { path: string; authorization: string }[];
    expect(seen.find((s) => s.path === `/frameworks/${c}`)?.authorization).toBe(`Bearer ${admin.token}`);

    const log = await db().curriculumSyncLog.findFirst({ where: { frameworkCode: c }, orderBy: { id: 'desc' } });
    expect(log).toMatchObject({ status: 'completed', itemsSynced: 14, errorMessage: null, syncType: 'framework' });
    expect(log?.completedAt).toBeInstanceOf(Date);
  });

  it('updates existing records on a second sync (upsert)', async () => {
    const c = code();
    const f = sampleFramework(c);
    await loadFramework(f);
    await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token });
    f.stages[0]!.name = 'Renamed stage';
    f.name = 'Renamed framework';
    await loadFramework(f);
    const res = await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token });
    expect(res.status).toBe(200);
    const stages = await api('GET', `/api/curriculum/frameworks/${c}/stages`);
    expect(stages.body.data.map((s: { name: string }) => s.name)).toEqual(['Stage one', 'Renamed stage']);
    expect(await db().curriculumStage.count({ where: { frameworkCode: c } })).toBe(2);
    expect((await db().curriculumFramework.findUnique({ where: { code: c } }))?.name).toBe('Renamed framework');
  });

  it('keeps the good items and reports failed ones: completed_with_errors', async () => {
    const c = code();
    const f = sampleFramework(c);
    (f.objectives[0] as Record<string, unknown>).bloom_level = 'dance'; // refused by validation
    (f.stages[0] as Record<string, unknown>).age_start = 3_000_000_000; // refused by the database (integer overflow)
    await loadFramework(f);
    const res = await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stages: 1, grades: 3, subjects: 2, units: 2, topics: 2, objectives: 1 });
    expect(res.body.data.errors).toHaveLength(2);
    expect(res.body.data.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'objective', code: 'O2' }),
        expect.objectContaining({ entity: 'stage', code: 'S2' }),
      ]),
    );
    const log = await db().curriculumSyncLog.findFirst({ where: { frameworkCode: c }, orderBy: { id: 'desc' } });
    expect(log?.status).toBe('completed_with_errors');
    expect(log?.itemsSynced).toBe(12);
    expect(log?.errorMessage).toContain('2 item(s) failed');
    expect(log?.errorMessage).toContain('objective O2');
    // the rest of the failed batch is stored
    expect(await db().curriculumStage.findUnique({ where: { frameworkCode_code: { frameworkCode: c, code: 'S1' } } })).not.toBeNull();
  });

  it('answers 404 Framework not found for a framework the service does not know', async () => {
    const res = await api('POST', `/api/curriculum/sync/frameworks/${code()}`, { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Framework not found');
  });

  it('answers 500 Failed to sync framework when the service is down, and closes the log entry', async () => {
    const c = code();
    await loadFramework(sampleFramework(c));
    await setMode({ down: true });
    const res = await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token });
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('Failed to sync framework');
    expect(res.body.reason).toMatch(/unreachable/);
    const log = await db().curriculumSyncLog.findFirst({ where: { frameworkCode: c }, orderBy: { id: 'desc' } });
    expect(log?.status).toBe('completed_with_errors');
    expect(log?.errorMessage).toMatch(/unreachable/);
    expect(await db().curriculumFramework.findUnique({ where: { code: c } })).toBeNull();
  });

  it('answers 500 Failed to sync framework when the service refuses the token', async () => {
    const c = code();
    await loadFramework(sampleFramework(c));
    await setMode({ refuseTokens: true });
    const res = await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token });
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('Failed to sync framework');
    expect(res.body.reason).toBe('Curriculum service refused the token (401)');
  });

  it('gives up after the bounded timeout instead of hanging', async () => {
    const c = code();
    await loadFramework(sampleFramework(c));
    await setMode({ delayMs: 4_000 });
    const started = Date.now();
    const res = await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token });
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(res.status).toBe(500);
    expect(res.body.reason).toBe('Curriculum service did not answer within 1500 ms');
  });

  it('refuses a second sync of the same framework while one runs (409), never interleaving them', async () => {
    const c = code();
    await loadFramework(sampleFramework(c));
    await setMode({ delayMs: 800 });
    const [a, b] = await Promise.all([
      api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token }),
      new Promise((r) => setTimeout(r, 150)).then(() => api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.error).toBe(`Sync of framework ${c} already in progress`);
    expect(await db().curriculumSyncLog.count({ where: { frameworkCode: c } })).toBe(1);
    // once finished, the framework can be synced again
    await setMode({ delayMs: 0 });
    expect((await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token })).status).toBe(200);
  });
});

describe('POST /api/curriculum/sync/frameworks', () => {
  it('upserts the framework list and reports invalid frameworks as errors', async () => {
    const good = code();
    const bad = code();
    await loadFramework(sampleFramework(good));
    await loadFramework({ ...sampleFramework(bad), framework_type: 'galactic' });
    const res = await api('POST', '/api/curriculum/sync/frameworks', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.synced).toBeGreaterThanOrEqual(1);
    expect(res.body.data.errors).toEqual(expect.arrayContaining([expect.objectContaining({ entity: 'framework', code: bad })]));
    expect(typeof res.body.message).toBe('string');
    expect(await db().curriculumFramework.findUnique({ where: { code: good } })).not.toBeNull();
    expect(await db().curriculumFramework.findUnique({ where: { code: bad } })).toBeNull();
  });

  it('answers 500 Failed to sync frameworks when the service is down', async () => {
    await setMode({ down: true });
    const res = await api('POST', '/api/curriculum/sync/frameworks', { token: admin.token });
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('Failed to sync frameworks');
  });
});

describe('GET /api/curriculum/status', () => {
  it('reports connected for a reachable service', async () => {
    const res = await api('GET', '/api/curriculum/status', { token: teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ connected: true });
  });

  it('reports connected=false with the error when the service is down', async () => {
    await setMode({ down: true });
    const res = await api('GET', '/api/curriculum/status', { token: teacher.token });
    expect(res.status).toBe(200);
    expect(res.body.data.connected).toBe(false);
    expect(res.body.data.error).toMatch(/^Curriculum service is unreachable/);
  });

  it('reports connected=false when the service refuses the forwarded token', async () => {
    await setMode({ refuseTokens: true });
    const res = await api('GET', '/api/curriculum/status', { token: teacher.token });
    expect(res.body.data).toEqual({ connected: false, error: 'Curriculum service refused the token (401)' });
  });

  it('answers 401 Authentication required without a token', async () => {
    const res = await api('GET', '/api/curriculum/status');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });
});

describe('curriculum reads', () => {
  let c: string;
  beforeAll(async () => {
    c = code();
    await loadFramework(sampleFramework(c, { name: 'AAA first by name' }));
    const inactive = code();
    await loadFramework(sampleFramework(inactive, { isActive: false }));
    expect((await api('POST', `/api/curriculum/sync/frameworks/${c}`, { token: admin.token })).status).toBe(200);
    expect((await api('POST', `/api/curriculum/sync/frameworks/${inactive}`, { token: admin.token })).status).toBe(200);
  });

  it('lists active frameworks only, ordered by name, without auth', async () => {
    const res = await api('GET', '/api/curriculum/frameworks');
    expect(res.status).toBe(200);
    const names = res.body.data.map((f: { name: string }) => f.name);
    expect([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect(res.body.data.every((f: { is_active: boolean }) => f.is_active)).toBe(true);
    const mine = res.body.data.find((f: { code: string }) => f.code === c);
    expect(mine).toMatchObject({ code: c, name: 'AAA first by name', framework_type: 'national', country_code: 'NZ', valid_from: '2024-01-01', valid_until: null, is_published: true });
  });

  it('lists stages by sequence', async () => {
    const res = await api('GET', `/api/curriculum/frameworks/${c}/stages`);
    expect(res.body.data.map((s: { code: string }) => s.code)).toEqual(['S1', 'S2']);
    expect(res.body.data[0]).toMatchObject({ framework_code: c, name: 'Stage one', age_start: 5, age_end: 8, sequence: 1 });
  });

  it('lists grades of a stage by sequence', async () => {
    const res = await api('GET', `/api/curriculum/frameworks/${c}/stages/S1/grades`);
    expect(res.body.data.map((g: { code: string }) => g.code)).toEqual(['G1', 'G2']);
    expect(res.body.data[0]).toMatchObject({ stage_code: 'S1', typical_age: 6 });
  });

  it('lists subjects by sequence', async () => {
    const res = await api('GET', `/api/curriculum/frameworks/${c}/subjects`);
    expect(res.body.data.map((s: { code: string }) => s.code)).toEqual(['MATH', 'SCI']);
    expect(res.body.data[0]).toMatchObject({ color: '#3366ff', is_core: true, icon: 'calc' });
  });

  it('lists units, topics and objectives by sequence', async () => {
    const base = `/api/curriculum/frameworks/${c}/subjects/MATH/grades/G1/units`;
    const units = await api('GET', base);
    expect(units.body.data.map((u: { code: string }) => u.code)).toEqual(['U1', 'U2']);
    expect(units.body.data[1].estimated_hours).toBe(4.5);
    const topics = await api('GET', `${base}/U1/topics`);
    expect(topics.body.data.map((t: { code: string }) => t.code)).toEqual(['T1', 'T2']);
    expect(topics.body.data[0]).toMatchObject({ base_difficulty: 0.2, estimated_minutes: 30 });
    const objectives = await api('GET', `${base}/U1/topics/T1/objectives`);
    expect(objectives.body.data.map((o: { code: string }) => o.code)).toEqual(['O1', 'O2']);
    expect(objectives.body.data[0]).toMatchObject({ objective: 'Count to 10', bloom_level: 'remember', mastery_threshold: 0.7 });
    expect(objectives.body.data[1].mastery_threshold).toBe(0.8);
  });

  it('answers empty lists for unknown codes', async () => {
    expect((await api('GET', `/api/curriculum/frameworks/NOPE/stages`)).body).toEqual({ success: true, data: [] });
  });

  it('lists sync history newest first, 10 by default, with the limit', async () => {
    const res = await api('GET', '/api/curriculum/sync/history');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(10);
    const starts = res.body.data.map((e: { started_at: string }) => Date.parse(e.started_at));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['completed_at', 'error_message', 'framework_code', 'id', 'items_synced', 'started_at', 'status', 'sync_type']);
    const two = await api('GET', '/api/curriculum/sync/history?limit=2');
    expect(two.body.data).toHaveLength(2);
    expect(two.body.data[0].id).toBe(res.body.data[0].id);
    expect((await api('GET', '/api/curriculum/sync/history?limit=abc')).status).toBe(400);
  });
});

describe('content curriculum metadata', () => {
  const body = {
    frameworkCode: 'NZC',
    frameworkName: 'NZ Curriculum',
    countryCode: 'NZ',
    gradeCode: 'Y5',
    gradeName: 'Year 5',
    subjectCode: 'MATH',
    subjectName: 'Mathematics',
  };

  it('saves with defaults, reads it back, replaces it on a second save, and deletes it', async () => {
    const content = await createContent({ ownerId: teacher.user.id });
    const path = `/api/curriculum/content/${content.id}/metadata`;
    const saved = await api('POST', path, { token: teacher.token, body: { ...body, stageCode: 'S2', stageName: 'Stage 2', topicCodes: ['T1'], topicNames: ['Fractions'] } });
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(true);
    expect(typeof saved.body.message).toBe('string');

    const read = await api('GET', path);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      content_id: content.id,
      framework_code: 'NZC',
      stage_code: 'S2',
      topic_codes: ['T1'],
      topic_names: ['Fractions'],
      objective_codes: [],
      objective_descriptions: [],
      difficulty: 'medium',
      language: 'en',
    });

    await api('POST', path, { token: teacher.token, body: { ...body, difficulty: 'hard', language: 'de' } });
    const replaced = await api('GET', path);
    expect(replaced.body.data).toMatchObject({ stage_code: null, stage_name: null, topic_codes: [], difficulty: 'hard', language: 'de' });

    const del = await api('DELETE', path, { token: teacher.token });
    expect(del.status).toBe(200);
    expect(typeof del.body.message).toBe('string');
    expect((await api('GET', path)).body).toEqual({ success: true, data: null });
  });

  it('answers data null when there is none', async () => {
    const res = await api('GET', `/api/curriculum/content/${uniqueWord()}/metadata`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null });
  });

  it.each([
    ['a missing gradeCode', { ...body, gradeCode: undefined }, /gradeCode/],
    ['frameworkCode over 100 characters', { ...body, frameworkCode: 'x'.repeat(101) }, /frameworkCode/],
    ['countryCode over 10 characters', { ...body, countryCode: 'x'.repeat(11) }, /countryCode/],
    ['51 topic codes', { ...body, topicCodes: Array.from({ length: 51 }, (_, i) => `T${i}`) }, /topicCodes/],
    ['a topic name over 255 characters', { ...body, topicNames: ['x'.repeat(256)] }, /topicNames/],
    ['201 objective codes', { ...body, objectiveCodes: Array.from({ length: 201 }, (_, i) => `O${i}`) }, /objectiveCodes/],
    ['an objective description over 500 characters', { ...body, objectiveDescriptions: ['x'.repeat(501)] }, /objectiveDescriptions/],
    ['difficulty over 50 characters', { ...body, difficulty: 'x'.repeat(51) }, /difficulty/],
    ['language over 10 characters', { ...body, language: 'x'.repeat(11) }, /language/],
  ])('answers 400 Validation error for %s', async (_name, b, field) => {
    const content = await createContent({ ownerId: teacher.user.id });
    const res = await api('POST', `/api/curriculum/content/${content.id}/metadata`, { token: teacher.token, body: b });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Validation error: /);
    expect(res.body.error).toMatch(field);
  });

  it('accepts the upper bounds', async () => {
    const content = await createContent({ ownerId: teacher.user.id });
    const res = await api('POST', `/api/curriculum/content/${content.id}/metadata`, {
      token: teacher.token,
      body: { ...body, topicCodes: Array.from({ length: 50 }, (_, i) => `T${i}`), objectiveCodes: Array.from({ length: 200 }, (_, i) => `O${i}`), language: 'x'.repeat(10) },
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 Authentication required to write without a token', async () => {
    const res = await api('POST', '/api/curriculum/content/whatever/metadata', { body });
    expect(res.status).toBe(401);
    expect((await api('DELETE', '/api/curriculum/content/whatever/metadata')).status).toBe(401);
  });

  it("refuses to change another user's content metadata (403)", async () => {
    const other = await signedIn(['teacher']);
    const content = await createContent({ ownerId: other.user.id });
    const res = await api('POST', `/api/curriculum/content/${content.id}/metadata`, { token: teacher.token, body });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('You do not own this content');
    expect((await api('DELETE', `/api/curriculum/content/${content.id}/metadata`, { token: teacher.token })).status).toBe(403);
  });
});
