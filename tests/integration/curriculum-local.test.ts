// Issue 25 item 9: a school's own curriculum without the central service — import from JSON or CSV (all or
// nothing, exact 400 texts naming the line or field), admin only, scoped to the admin's tenant, edited locally,
// read by the pickers of that tenant's users only; difficulty and language of an item saved without a framework.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createContent, createTenant, signedIn, signedInTenant, uniqueWord } from '../support/factories';
import { api } from '../support/http';

type Caller = { token: string; user: { id: string } };
let tenantA: { id: string };
let tenantB: { id: string };
let adminA: Caller;
let teacherA: Caller;
let adminB: Caller;
let teacherB: Caller;
let lonelyTeacher: Caller;

beforeAll(async () => {
  [tenantA, tenantB] = await Promise.all([createTenant(), createTenant()]);
  [adminA, teacherA, adminB, teacherB, lonelyTeacher] = await Promise.all([
    signedInTenant(['tenant_admin'], tenantA.id),
    signedInTenant(['teacher'], tenantA.id),
    signedInTenant(['tenant_admin'], tenantB.id),
    signedInTenant(['teacher'], tenantB.id),
    signedIn(['teacher']),
  ]);
});

const code = () => uniqueWord('LF').toUpperCase().replace(/[^A-Z0-9]/g, '');
const importFile = (token: string | undefined, body: string, type: string) =>
  api('POST', '/api/curriculum/local/import', { ...(token ? { token } : {}), body, headers: { 'Content-Type': type } });
const localCount = (tenantId: string) => db().localCurriculumFramework.count({ where: { tenantId } });

const HEADER = 'framework_code,framework_name,stage_code,stage_name,grade_code,grade_name,subject_code,subject_name,unit_code,unit_name,topic_code,topic_name,objective_code,objective,bloom_level';
const csv = (fw: string) =>
  [
    HEADER,
    `${fw},School plan ${fw},PRI,Primary,Y5,Year 5,SCI,Science,U1,Earth,T1,Volcanoes,O1,Name the parts of a volcano,remember`,
    `${fw},,PRI,,Y5,,SCI,,U1,,T1,,O2,"Compare eruption types, explosive and effusive",analyze`,
    `${fw},,PRI,,Y6,Year 6,SCI,,U2,Space,T1,Planets,O1,Order the planets,`,
  ].join('\r\n');

const jsonFramework = (fw: string) => ({
  code: fw,
  name: `JSON plan ${fw}`,
  country_code: 'DE',
  stages: [{ code: 'S1', name: 'Sekundarstufe I', sequence: 1 }],
  grades: [{ stage_code: 'S1', code: 'K7', name: 'Klasse 7', sequence: 1 }],
  subjects: [{ code: 'MA', name: 'Mathematik', sequence: 1 }],
  units: [{ subject_code: 'MA', grade_code: 'K7', code: 'U1', name: 'Brüche', sequence: 1 }],
  topics: [{ subject_code: 'MA', grade_code: 'K7', unit_code: 'U1', code: 'T1', name: 'Kürzen', sequence: 1 }],
  objectives: [{ subject_code: 'MA', grade_code: 'K7', unit_code: 'U1', topic_code: 'T1', code: 'O1', objective: 'Brüche kürzen und erweitern', bloom_level: 'apply', sequence: 1 }],
});

describe('POST /api/curriculum/local/import', () => {
  it('imports a CSV file (one row per objective) and the pickers of the same tenant read it', async () => {
    const fw = code();
    const res = await importFile(adminA.token, csv(fw), 'text/csv');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { frameworks: [{ id: expect.any(String), code: fw, name: `School plan ${fw}`, nodes: 11, replaced: false }] }, message: `Framework ${fw} imported` });

    const list = await api('GET', '/api/curriculum/frameworks', { token: teacherA.token });
    expect(list.body.data).toContainEqual(expect.objectContaining({ code: fw, name: `School plan ${fw}`, is_active: true }));
    const stages = await api('GET', `/api/curriculum/frameworks/${fw}/stages`, { token: teacherA.token });
    expect(stages.body.data.map((s: { code: string }) => s.code)).toEqual(['PRI']);
    const grades = await api('GET', `/api/curriculum/frameworks/${fw}/stages/PRI/grades`, { token: teacherA.token });
    expect(grades.body.data.map((g: { code: string; name: string }) => [g.code, g.name])).toEqual([
      ['Y5', 'Year 5'],
      ['Y6', 'Year 6'],
    ]);
    const units = await api('GET', `/api/curriculum/frameworks/${fw}/subjects/SCI/grades/Y5/units`, { token: teacherA.token });
    expect(units.body.data.map((u: { code: string }) => u.code)).toEqual(['U1']);
    const objectives = await api('GET', `/api/curriculum/frameworks/${fw}/subjects/SCI/grades/Y5/units/U1/topics/T1/objectives`, { token: teacherA.token });
    expect(objectives.body.data).toEqual([
      expect.objectContaining({ code: 'O1', objective: 'Name the parts of a volcano', bloom_level: 'remember', mastery_threshold: 0.7 }),
      expect.objectContaining({ code: 'O2', objective: 'Compare eruption types, explosive and effusive', bloom_level: 'analyze' }),
    ]);
    // the same topic code under another unit is another topic
    const other = await api('GET', `/api/curriculum/frameworks/${fw}/subjects/SCI/grades/Y6/units/U2/topics/T1/objectives`, { token: teacherA.token });
    expect(other.body.data.map((o: { objective: string }) => o.objective)).toEqual(['Order the planets']);

    const admin = await api('GET', '/api/curriculum/local/frameworks', { token: adminA.token });
    expect(admin.body.data).toContainEqual(expect.objectContaining({ code: fw, counts: { stage: 1, grade: 2, subject: 1, unit: 2, topic: 2, objective: 3 } }));
  });

  it('imports a JSON file in the spec hierarchy shapes, and a second import replaces the framework', async () => {
    const fw = code();
    const res = await importFile(adminA.token, JSON.stringify(jsonFramework(fw)), 'application/json');
    expect(res.status).toBe(200);
    expect(res.body.data.frameworks).toEqual([expect.objectContaining({ code: fw, nodes: 6, replaced: false })]);
    const topics = await api('GET', `/api/curriculum/frameworks/${fw}/subjects/MA/grades/K7/units/U1/topics`, { token: teacherA.token });
    expect(topics.body.data).toEqual([expect.objectContaining({ framework_code: fw, code: 'T1', name: 'Kürzen' })]);

    const changed = jsonFramework(fw);
    changed.name = 'Renamed by the file';
    changed.objectives.push({ ...changed.objectives[0]!, code: 'O2', objective: 'Brüche vergleichen' });
    const again = await importFile(adminA.token, JSON.stringify({ frameworks: [changed] }), 'application/json');
    expect(again.status).toBe(200);
    expect(again.body.data.frameworks).toEqual([expect.objectContaining({ code: fw, nodes: 7, replaced: true })]);
    expect(await db().localCurriculumFramework.count({ where: { tenantId: tenantA.id, code: fw } })).toBe(1);
  });

  it.each([
    ['a CSV row without objective_code', (fw: string) => `${HEADER}\n${fw},Plan,PRI,Primary,Y5,Year 5,SCI,Science,U1,Earth,T1,Volcanoes,O1,Fine,\n${fw},,PRI,,Y5,,SCI,,U1,,T1,,,Missing code,`, 'text/csv', 'Invalid curriculum file: line 3: objective_code: is required'],
    ['a CSV without a column', () => 'framework_code,framework_name\nX,Y', 'text/csv', 'Invalid curriculum file: line 1: column stage_code is missing'],
    ['a CSV with an unknown column', () => `${HEADER},colour\n`, 'text/csv', `Invalid curriculum file: line 1: unknown column "colour" (columns: ${HEADER.replace(',bloom_level', '').split(',').join(', ')})`],
    ['a CSV with a bad Bloom level', (fw: string) => `${HEADER}\n${fw},Plan,PRI,Primary,Y5,Year 5,SCI,Science,U1,Earth,T1,Volcanoes,O1,Fine,memorise`, 'text/csv', 'Invalid curriculum file: line 2: bloom_level: one of remember, understand, apply, analyze, evaluate, create'],
    ['a CSV with a grade in two stages', (fw: string) => `${HEADER}\n${fw},Plan,PRI,Primary,Y5,Year 5,SCI,Science,U1,Earth,T1,Volcanoes,O1,Fine,\n${fw},,SEC,Secondary,Y5,,SCI,,U1,,T1,,O2,Also fine,`, 'text/csv', 'Invalid curriculum file: line 3: grade_code: Y5 is already under PRI (line 2)'],
    ['a CSV with a duplicate objective', (fw: string) => `${HEADER}\n${fw},Plan,PRI,Primary,Y5,Year 5,SCI,Science,U1,Earth,T1,Volcanoes,O1,Fine,\n${fw},,PRI,,Y5,,SCI,,U1,,T1,,O1,Again,`, 'text/csv', 'Invalid curriculum file: line 3: objective_code: O1 is already used in topic T1 on line 2'],
    ['JSON that does not parse', () => '{"code": ', 'application/json', /^Invalid curriculum file: JSON: /],
    [
      'a JSON objective under an unknown topic',
      (fw: string) => JSON.stringify({ ...jsonFramework(fw), objectives: [{ ...jsonFramework(fw).objectives[0]!, topic_code: 'NOPE' }] }),
      'application/json',
      'Invalid curriculum file: objectives[0].topic_code: no topic NOPE in unit U1 in this framework',
    ],
    ['a JSON grade without a name', (fw: string) => JSON.stringify({ ...jsonFramework(fw), grades: [{ stage_code: 'S1', code: 'K7' }] }), 'application/json', 'Invalid curriculum file: grades[0].name: Invalid input: expected string, received undefined'],
    ['an empty file', () => '   ', 'text/csv', 'Invalid curriculum file: file: the file is empty'],
  ])('answers 400 for %s and stores nothing', async (_name, file, type, error) => {
    const before = await localCount(tenantA.id);
    const res = await importFile(adminA.token, file(code()), type);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    if (typeof error === 'string') expect(res.body.error).toBe(error);
    else expect(res.body.error).toMatch(error);
    expect(res.headers.get('x-error-code')).toBe('invalid_curriculum_file');
    expect(await localCount(tenantA.id)).toBe(before);
  });

  it('stores nothing when the second framework of a file is wrong (one transaction)', async () => {
    const [one, two] = [code(), code()];
    const bad = { ...jsonFramework(two), units: [{ subject_code: 'XX', grade_code: 'K7', code: 'U1', name: 'Nope' }] };
    const res = await importFile(adminA.token, JSON.stringify([jsonFramework(one), bad]), 'application/json');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid curriculum file: [1].units[0].subject_code: no subject XX in this framework');
    expect(await db().localCurriculumFramework.count({ where: { tenantId: tenantA.id, code: { in: [one, two] } } })).toBe(0);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const res = await importFile(adminA.token, `${HEADER}\n${'x'.repeat(2 * 1024 * 1024)}`, 'text/csv');
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Request body too large');
  });

  it('refuses the code of a framework synced from the central service (409)', async () => {
    const fw = code();
    await db().curriculumFramework.create({ data: { code: fw, name: 'Central', isActive: true } });
    const res = await importFile(adminA.token, csv(fw), 'text/csv');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`Framework code already used by the central curriculum: ${fw}`);
  });

  it('is for admins: 401 without a token, 403 Admin access required for a teacher, 403 for an admin without a tenant', async () => {
    expect((await importFile(undefined, csv(code()), 'text/csv')).status).toBe(401);
    const teacher = await importFile(teacherA.token, csv(code()), 'text/csv');
    expect(teacher.status).toBe(403);
    expect(teacher.body.error).toBe('Admin access required');
    const superAdmin = await signedIn(['super_admin']);
    const lonely = await importFile(superAdmin.token, csv(code()), 'text/csv');
    expect(lonely.status).toBe(403);
    expect(lonely.body.error).toBe('Local frameworks belong to a school: your account has no tenant');
    expect((await api('GET', '/api/curriculum/local/frameworks', { token: teacherA.token })).status).toBe(403);
  });
});

describe('tenant scoping of local frameworks', () => {
  it("shows a tenant's framework to its own users only, never to another tenant or an account without one", async () => {
    const fw = code();
    const imported = await importFile(adminA.token, csv(fw), 'text/csv');
    const id = imported.body.data.frameworks[0].id as string;
    for (const caller of [teacherB, adminB, lonelyTeacher]) {
      const list = await api('GET', '/api/curriculum/frameworks', { token: caller.token });
      expect(list.body.data.map((f: { code: string }) => f.code)).not.toContain(fw);
      expect((await api('GET', `/api/curriculum/frameworks/${fw}/stages`, { token: caller.token })).body.data).toEqual([]);
    }
    expect((await api('GET', '/api/curriculum/frameworks')).body.data.map((f: { code: string }) => f.code)).not.toContain(fw);
    expect((await api('GET', '/api/curriculum/local/frameworks', { token: adminB.token })).body.data.map((f: { code: string }) => f.code)).not.toContain(fw);
    // another tenant's admin cannot read, rename or delete it
    expect((await api('GET', `/api/curriculum/local/frameworks/${id}`, { token: adminB.token })).status).toBe(404);
    const rename = await api('PATCH', `/api/curriculum/local/frameworks/${id}`, { token: adminB.token, body: { name: 'Taken over' } });
    expect(rename.status).toBe(404);
    expect(rename.body.error).toBe('Framework not found');
    expect((await api('DELETE', `/api/curriculum/local/frameworks/${id}`, { token: adminB.token })).status).toBe(404);
    expect((await api('POST', `/api/curriculum/local/frameworks/${id}/nodes`, { token: adminB.token, body: { level: 'stage', code: 'X', name: 'X' } })).status).toBe(404);
    const row = await db().localCurriculumFramework.findUniqueOrThrow({ where: { id } });
    expect(row.name).toBe(`School plan ${fw}`);
  });
});

describe('editing a local framework', () => {
  it('renames it, adds, renames and removes entries (with everything under them), and deletes it', async () => {
    const fw = code();
    const id = (await importFile(adminA.token, csv(fw), 'text/csv')).body.data.frameworks[0].id as string;
    const base = `/api/curriculum/local/frameworks/${id}`;
    expect((await api('PATCH', base, { token: adminA.token, body: { name: 'Our science plan' } })).status).toBe(200);
    expect((await api('GET', '/api/curriculum/frameworks', { token: teacherA.token })).body.data).toContainEqual(expect.objectContaining({ code: fw, name: 'Our science plan' }));

    const orphan = await api('POST', `${base}/nodes`, { token: adminA.token, body: { level: 'grade', code: 'Y7', name: 'Year 7', stageCode: 'SEC' } });
    expect(orphan.status).toBe(400);
    expect(orphan.body.error).toBe('The entry above this one does not exist: stage SEC');
    const missing = await api('POST', `${base}/nodes`, { token: adminA.token, body: { level: 'objective', code: 'O9', name: 'x', subjectCode: 'SCI' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^Validation error: gradeCode: required at the objective level/);

    const added = await api('POST', `${base}/nodes`, { token: adminA.token, body: { level: 'objective', code: 'O3', name: 'Explain where volcanoes occur', subjectCode: 'SCI', gradeCode: 'Y5', unitCode: 'U1', topicCode: 'T1' } });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ level: 'objective', code: 'O3', topicCode: 'T1', stageCode: '' });
    const dup = await api('POST', `${base}/nodes`, { token: adminA.token, body: { level: 'objective', code: 'O3', name: 'Again', subjectCode: 'SCI', gradeCode: 'Y5', unitCode: 'U1', topicCode: 'T1' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('An entry with this code already exists here');

    const objectivesPath = `/api/curriculum/frameworks/${fw}/subjects/SCI/grades/Y5/units/U1/topics/T1/objectives`;
    expect((await api('GET', objectivesPath, { token: teacherA.token })).body.data.map((o: { code: string }) => o.code)).toEqual(['O1', 'O2', 'O3']);

    const tree = (await api('GET', base, { token: adminA.token })).body.data as { nodes: { id: string; level: string; code: string; unitCode: string }[] };
    const topic = tree.nodes.find((n) => n.level === 'topic' && n.unitCode === 'U1')!;
    expect((await api('PATCH', `${base}/nodes/${topic.id}`, { token: adminA.token, body: { name: 'Volcanoes and geysers' } })).status).toBe(200);
    const topics = await api('GET', `/api/curriculum/frameworks/${fw}/subjects/SCI/grades/Y5/units/U1/topics`, { token: teacherA.token });
    expect(topics.body.data.map((t: { name: string }) => t.name)).toEqual(['Volcanoes and geysers']);
    expect((await api('DELETE', `${base}/nodes/${topic.id}`, { token: adminA.token })).status).toBe(200);
    expect((await api('GET', objectivesPath, { token: teacherA.token })).body.data).toEqual([]);
    expect((await api('DELETE', `${base}/nodes/${topic.id}`, { token: adminA.token })).status).toBe(404);

    // removing the stage removes its grades and what hangs on them; the subject stays
    const stage = tree.nodes.find((n) => n.level === 'stage')!;
    expect((await api('DELETE', `${base}/nodes/${stage.id}`, { token: adminA.token })).status).toBe(200);
    const left = (await api('GET', base, { token: adminA.token })).body.data.nodes.map((n: { level: string; code: string }) => `${n.level}:${n.code}`);
    expect(left).toEqual(['subject:SCI']);

    expect((await api('DELETE', base, { token: adminA.token })).status).toBe(200);
    expect((await api('GET', '/api/curriculum/frameworks', { token: teacherA.token })).body.data.map((f: { code: string }) => f.code)).not.toContain(fw);
    expect(await db().localCurriculumNode.count({ where: { frameworkId: id } })).toBe(0);
  });
});

describe('difficulty and language without a framework', () => {
  it('saves them on an item without any framework field, and refuses a framework given in part', async () => {
    const content = await createContent({ ownerId: teacherA.user.id });
    const path = `/api/curriculum/content/${content.id}/metadata`;
    const saved = await api('POST', path, { token: teacherA.token, body: { difficulty: 'hard', language: 'de' } });
    expect(saved.status).toBe(200);
    expect((await api('GET', path)).body.data).toMatchObject({ framework_code: '', grade_code: '', subject_code: '', difficulty: 'hard', language: 'de' });

    const partial = await api('POST', path, { token: teacherA.token, body: { frameworkCode: 'NZC', difficulty: 'easy' } });
    expect(partial.status).toBe(400);
    expect(partial.body.error).toMatch(/^Validation error: frameworkName: /);
    const topics = await api('POST', path, { token: teacherA.token, body: { topicCodes: ['T1'] } });
    expect(topics.status).toBe(400);
    expect(topics.body.error).toBe('Validation error: frameworkCode: Required with a stage, topics or objectives');
  });
});
