// Learner results (issue 11): statement intake from the players (validation, bounds, the token-to-content rule,
// anonymous ids, idempotent statement ids), the attempt roll-up, the results API and its access rules, CSV,
// deletion with the content, and the admin's GDPR export and erasure.
import { randomUUID } from 'node:crypto';
import vm from 'node:vm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as yauzl from 'yauzl-promise';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issueEmbedToken, issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { createTenant, setPlan, signedIn, signedInTenant } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

const V = 'http://adlnet.gov/expapi/verbs/';
const base = () => inject('appUrl');

beforeAll(async () => {
  await installTestLibraries();
});

/** An H5P-shaped statement about the content (or one of its questions). */
function statement(contentId: string, verb: string, opts: { sub?: string; result?: Record<string, unknown>; definition?: Record<string, unknown>; id?: string } = {}) {
  const url = `${base()}/h5p/embed/${contentId}${opts.sub ? `?subContentId=${opts.sub}` : ''}`;
  return {
    id: opts.id ?? randomUUID(),
    actor: { name: 'whoever the browser says', mbox: 'mailto:spoof@example.test' },
    verb: { id: `${V}${verb}`, display: { 'en-US': verb } },
    object: {
      id: url,
      objectType: 'Activity',
      definition: {
        extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId, ...(opts.sub ? { 'http://h5p.org/x-api/h5p-subContentId': opts.sub } : {}) },
        ...opts.definition,
      },
    },
    ...(opts.result ? { result: opts.result } : {}),
    timestamp: new Date().toISOString(),
  };
}

const question = (contentId: string, sub: string, response: string, correct: boolean) =>
  statement(contentId, 'answered', {
    sub,
    result: { response, success: correct, score: { raw: correct ? 1 : 0, max: 1, min: 0, scaled: correct ? 1 : 0 } },
    definition: {
      name: { 'en-US': `Question ${sub}` },
      interactionType: 'choice',
      correctResponsesPattern: ['0'],
      choices: [
        { id: '0', description: { 'en-US': 'Right' } },
        { id: '1', description: { 'en-US': 'Wrong A' } },
        { id: '2', description: { 'en-US': 'Wrong B' } },
      ],
    },
  });

const completed = (contentId: string, raw: number, max: number, success = raw / max >= 0.5) =>
  statement(contentId, 'completed', { result: { score: { raw, max, min: 0, scaled: raw / max }, success, completion: true, duration: 'PT1M30S' } });

/** Every file of a zip archive, by name. */
async function readZip(buf: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'results-zip-')), 'package.zip');
  fs.writeFileSync(file, buf);
  const z = await yauzl.open(file);
  const out = new Map<string, Buffer>();
  try {
    for (const e of await z.readEntries()) {
      if (e.filename.endsWith('/')) continue;
      const chunks: Buffer[] = [];
      for await (const c of (await e.openReadStream()) as AsyncIterable<Buffer>) chunks.push(c);
      out.set(e.filename, Buffer.concat(chunks));
    }
  } finally {
    await z.close();
  }
  return out;
}

const post = (contentId: string, token: string, body: unknown) => api('POST', `/h5p/xapi/${contentId}?token=${encodeURIComponent(token)}`, { body, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });

async function setup() {
  const author = await signedIn(['teacher']);
  await setPlan(author.user.id, 'pro');
  const id = await createContent(author.token, 'H5P.MultiChoice');
  return { author, id };
}

describe('statement intake', () => {
  it('stores a batch for the player token’s viewer, rolls it up into their attempt, and stores a batch sent twice once', async () => {
    const { id } = await setup();
    const student = await signedIn(['student']);
    const token = await issuePlayerToken(student.user.id, id);
    const attempt = randomUUID();
    const batch = { attempt, statements: [statement(id, 'attempted'), question(id, 'q1', '1', false), question(id, 'q2', '0', true), completed(id, 1, 2)] };
    const first = await post(id, token, batch);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ stored: 4, duplicates: 0 });
    const again = await post(id, token, batch);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ stored: 0, duplicates: 4, attemptId: first.body.data.attemptId });

    const row = await db().learningAttempt.findUniqueOrThrow({ where: { id: first.body.data.attemptId } });
    expect(row).toMatchObject({ contentId: id, learnerKey: `user:${student.user.id}`, userId: student.user.id, source: 'workspace', score: 1, maxScore: 2, scaled: 0.5, success: true, completed: true, statements: 4 });
    expect(Number(row.durationMs)).toBe(90_000);
    expect(row.finishedAt).not.toBeNull();
    const stored = await db().xapiStatement.findMany({ where: { attemptId: row.id } });
    expect(stored).toHaveLength(4);
    // the actor is the service's, never the browser's
    for (const s of stored) expect(JSON.stringify(s.statement)).not.toContain('spoof@example.test');
    expect((stored[0]!.statement as { actor: { account: { name: string } } }).actor.account.name).toBe(student.user.id);
    const answers = await db().attemptResponse.findMany({ where: { attemptId: row.id }, orderBy: { itemId: 'asc' } });
    expect(answers.map((a) => [a.itemId, a.response, a.success])).toEqual([
      ['q1', '1', false],
      ['q2', '0', true],
    ]);
    // a result without an LMS behind it: the passback row says so
    const passback = await db().gradePassback.findUniqueOrThrow({ where: { attemptId: row.id } });
    expect(passback).toMatchObject({ status: 'no-context', score: 1, maxScore: 2 });
  });

  it('a batch replayed under another attempt id creates no attempt: counts, averages and histogram unchanged (issue 22 item 15)', async () => {
    const { author, id } = await setup();
    const student = await signedIn(['student']);
    const token = await issuePlayerToken(student.user.id, id);
    const statements = [statement(id, 'attempted'), question(id, 'q1', '1', false), completed(id, 1, 4)];
    const first = await post(id, token, { attempt: randomUUID(), statements });
    expect(first.status).toBe(201);
    const summary = async () => (await api('GET', `/api/results/content/${id}`, { token: author.token })).body.data.summary;
    const before = await summary();
    expect(before).toMatchObject({ attempts: 1, completed: 1, averageScore: 0.25 });

    const replay = await post(id, token, { attempt: randomUUID(), statements });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ stored: 0, duplicates: 3 });
    expect(await summary()).toEqual(before);
    expect(await db().learningAttempt.count({ where: { contentId: id } })).toBe(1);
    expect(await db().learningAttempt.count({ where: { id: replay.body.data.attemptId } })).toBe(0);

    // a batch with a new statement among replayed ones: only the new one counts (its own attempt, no result)
    const mixed = await post(id, token, { attempt: randomUUID(), statements: [...statements, statement(id, 'attempted')] });
    expect(mixed.status).toBe(201);
    expect(mixed.body.data).toMatchObject({ stored: 1, duplicates: 3 });
    const row = await db().learningAttempt.findUniqueOrThrow({ where: { id: mixed.body.data.attemptId } });
    expect(row).toMatchObject({ statements: 1, completed: false, score: null, finishedAt: null });
    expect(await db().attemptResponse.count({ where: { attemptId: row.id } })).toBe(0);
    expect(await db().gradePassback.count({ where: { attemptId: row.id } })).toBe(0);
    expect((await summary()).histogram).toEqual(before.histogram);
  });

  it('keeps an anonymous embed viewer apart from the author, by the id their browser keeps', async () => {
    const { author, id } = await setup();
    const embed = await issueEmbedToken(author.user.id, id);
    const missing = await post(id, embed, { attempt: randomUUID(), statements: [statement(id, 'attempted')] });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Validation error: learner: an anonymous viewer needs an id');
    const viewer = randomUUID();
    const ok = await post(id, embed, { attempt: randomUUID(), learner: { id: viewer, name: 'Ada' }, statements: [completed(id, 2, 2)] });
    expect(ok.status).toBe(201);
    const row = await db().learningAttempt.findUniqueOrThrow({ where: { id: ok.body.data.attemptId } });
    expect(row).toMatchObject({ learnerKey: `anon:${viewer}`, userId: null, learnerName: 'Ada', source: 'embed', scaled: 1 });
    // the same player attempt id from another viewer is another attempt
    const other = await post(id, embed, { attempt: randomUUID(), learner: { id: randomUUID() }, statements: [completed(id, 0, 2)] });
    expect(other.body.data.attemptId).not.toBe(ok.body.data.attemptId);
  });

  it('stores a batch sent many times at once once: one 201, the others 200 counting its statements as duplicates (issue 26 item 3)', async () => {
    const { id } = await setup();
    const student = await signedIn(['student']);
    const token = await issuePlayerToken(student.user.id, id);
    const batch = { attempt: randomUUID(), statements: [statement(id, 'attempted'), question(id, 'q1', '0', true), completed(id, 1, 1)] };
    // other learners' batches at the same time: the copies are written in groups with them
    const others = await Promise.all(Array.from({ length: 6 }, async () => {
      const s = await signedIn(['student']);
      return { token: await issuePlayerToken(s.user.id, id), body: { attempt: randomUUID(), statements: [statement(id, 'attempted'), completed(id, 1, 2)] } };
    }));
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => post(id, token, batch)),
      ...others.map((o) => post(id, o.token, o.body)),
    ]);
    const copies = answers.slice(0, 8);
    expect(copies.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    for (const a of copies) expect(a.body.data).toMatchObject(a.status === 201 ? { stored: 3, duplicates: 0 } : { stored: 0, duplicates: 3 });
    for (const a of answers.slice(8)) expect([a.status, a.body.data.stored]).toEqual([201, 2]);
    const row = await db().learningAttempt.findUniqueOrThrow({ where: { id: copies[0]!.body.data.attemptId } });
    expect(row).toMatchObject({ statements: 3, score: 1, maxScore: 1, completed: true });
    expect(await db().xapiStatement.count({ where: { attemptId: row.id } })).toBe(3);
    expect(await db().attemptResponse.count({ where: { attemptId: row.id } })).toBe(1);
  });

  it('refuses statements about other content, tokens of other content, malformed and oversized batches, and stores nothing', async () => {
    const { author, id } = await setup();
    const other = await createContent(author.token, 'H5P.MultiChoice');
    const token = await issuePlayerToken(author.user.id, id);
    const before = await db().xapiStatement.count({ where: { contentId: id } });

    const foreign = await post(id, token, { attempt: randomUUID(), statements: [statement(id, 'attempted'), statement(other, 'completed')] });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('Statement does not belong to this content (statement 2)');

    const wrongPath = await post(other, token, { attempt: randomUUID(), statements: [statement(other, 'attempted')] });
    expect(wrongPath.status).toBe(401);
    expect(wrongPath.body.error).toBe('Invalid or expired token');

    const badVerb = await post(id, token, { attempt: randomUUID(), statements: [{ ...statement(id, 'attempted'), verb: { id: 'not an iri' } }] });
    expect(badVerb.status).toBe(400);
    expect(badVerb.body.error).toMatch(/^Validation error: statements\.0\.verb\.id/);

    const tooMany = await post(id, token, { attempt: randomUUID(), statements: Array.from({ length: 51 }, () => statement(id, 'interacted')) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/^Validation error: statements/);

    const huge = await post(id, token, { attempt: randomUUID(), statements: [statement(id, 'answered', { result: { response: 'x'.repeat(3_000) }, definition: { description: { 'en-US': 'y'.repeat(3_900) }, name: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`l${i}`, 'z'.repeat(3_900)])) } })] });
    expect(huge.status).toBe(400);
    expect(huge.body.error).toMatch(/at most 32768 bytes/);

    const noAttempt = await post(id, token, { statements: [statement(id, 'attempted')] });
    expect(noAttempt.status).toBe(400);
    expect((await post(id, 'not-a-token', { attempt: randomUUID(), statements: [statement(id, 'attempted')] })).status).toBe(401);
    expect(await db().xapiStatement.count({ where: { contentId: id } })).toBe(before);
  });
});

describe('the player page', () => {
  it('carries a statement sender whose script parses, posting to the intake with the page’s token; an embed page plays anonymously', async () => {
    const { author, id } = await setup();
    const embed = await issueEmbedToken(author.user.id, id);
    const html = await (await fetch(`${base()}/h5p/embed/${id}?token=${embed}`)).text();
    const inline = [...html.matchAll(/<script(?: nonce="[^"]+")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThanOrEqual(2);
    for (const code of inline) expect(() => new vm.Script(code)).not.toThrow();
    const sender = inline.find((c) => c.includes('xapiUrl'))!;
    expect(sender).toContain(`var xapiUrl = "/h5p/xapi/${id}?token=${embed}"`);
    expect(sender).toContain('var anonymous = true;');
    const player = await (await fetch(`${base()}/h5p/embed/${id}?token=${await issuePlayerToken(author.user.id, id)}`)).text();
    expect(player).toContain('var anonymous = false;');
    // H5P names the activity by an IRI (xAPI needs one), not by the bare id
    expect(html).toMatch(new RegExp(`"url":"https?://[^"]+/content/${id}"`));
  });
});

describe('embed settings', () => {
  it('let the owner have the embed ask anonymous viewers for a name; the embed page then shows the form', async () => {
    const { author, id } = await setup();
    const embedUrl = `${base()}/h5p/embed/${id}?token=${await issueEmbedToken(author.user.id, id)}`;
    expect(await (await fetch(embedUrl)).text()).not.toContain('data-testid="learner-name-form"');
    const bad = await api('PATCH', `/h5p/content/${id}/embed-settings`, { token: author.token, body: { askName: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Validation error: askName: askName must be true or false');
    const other = await signedIn(['teacher']);
    const refused = await api('PATCH', `/h5p/content/${id}/embed-settings`, { token: other.token, body: { askName: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You do not own this content');
    const ok = await api('PATCH', `/h5p/content/${id}/embed-settings`, { token: author.token, body: { askName: true } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, data: { contentId: id, askName: true }, message: 'The embed asks viewers for their name' });
    const page = await (await fetch(embedUrl)).text();
    expect(page).toContain('data-testid="learner-name-form"');
    expect(page).toContain('var askName = true;');
    // a signed-in viewer's player page never asks: the service knows who they are
    const player = await (await fetch(`${base()}/h5p/embed/${id}?token=${await issuePlayerToken(author.user.id, id)}`)).text();
    expect(player).not.toContain('data-testid="learner-name-form"');
  });
});

describe('cmi5 export', () => {
  it('packages the content as a cmi5 course with one AU (feature cmi5-launch)', async () => {
    const { author, id } = await setup();
    const res = await fetch(`${base()}/h5p/content/${id}/export-cmi5`, { headers: { Authorization: `Bearer ${author.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = await readZip(Buffer.from(await res.arrayBuffer()));
    const structure = zip.get('cmi5.xml')!.toString('utf8');
    expect(structure).toContain('xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd"');
    expect(structure).toMatch(new RegExp(`<au id="https?://[^"]+/content/${id}/cmi5/au" moveOn="CompletedAndPassed" masteryScore="[0-9.]+" launchMethod="AnyWindow">`));
    expect(structure).toContain('<url>index.html</url>');
    for (const name of ['index.html', 'h5p-cmi5.js', 'h5p.json', 'content.json', 'player/main.bundle.js']) expect(zip.has(name), name).toBe(true);
    expect([...zip.keys()].some((n) => n.startsWith('libraries/H5P.MultiChoice-1.16/'))).toBe(true);
    // the runtime parses, and names the five launch parameters it reads
    const runtime = zip.get('h5p-cmi5.js')!.toString('utf8');
    expect(() => new vm.Script(runtime)).not.toThrow();
    for (const p of ['endpoint', 'fetch', 'registration', 'activityId', 'actor']) expect(runtime).toContain(`q.get('${p}')`);

    const free = await signedIn(['teacher']);
    await setPlan(free.user.id, 'free');
    const freeId = await createContent(free.token, 'H5P.MultiChoice');
    const refused = await api('GET', `/h5p/content/${freeId}/export-cmi5`, { token: free.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'feature_not_available', requiredPlan: 'pro' });
  });
});

describe('results API', () => {
  it('shows the owner the two learners’ attempts — their own play a preview, counted apart: summary, histogram, attempts, item analysis and CSV', async () => {
    const { author, id } = await setup();
    const student = await signedIn(['student']);
    const anon = randomUUID();
    expect((await post(id, await issuePlayerToken(student.user.id, id), { attempt: randomUUID(), statements: [question(id, 'q1', '1', false), completed(id, 1, 4)] })).status).toBe(201);
    expect((await post(id, await issueEmbedToken(author.user.id, id), { attempt: randomUUID(), learner: { id: anon }, statements: [question(id, 'q1', '1', false), completed(id, 3, 4)] })).status).toBe(201);
    expect((await post(id, await issuePlayerToken(author.user.id, id), { attempt: randomUUID(), statements: [question(id, 'q1', '0', true), completed(id, 4, 4)] })).status).toBe(201);

    const res = await api('GET', `/api/results/content/${id}`, { token: author.token });
    expect(res.status).toBe(200);
    const { summary, items } = res.body.data;
    // issue 23 item 1: the owner's own play is a preview, in no statistic (it used to count as a third learner)
    expect(summary).toMatchObject({ attempts: 2, learners: 2, completed: 2, completionRate: 1, medianScore: 0.5, previews: 1, views: 0 });
    expect(summary.averageScore).toBeCloseTo((0.25 + 0.75) / 2, 5);
    expect(summary.histogram).toEqual([0, 0, 1, 0, 0, 0, 0, 1, 0, 0]);
    expect(summary.medianDurationMs).toBe(90_000);
    expect(items).toEqual([
      expect.objectContaining({ itemId: 'q1', name: 'Question q1', answers: 2, correct: 0, commonWrongAnswers: [{ response: 'Wrong A', count: 2 }] }),
    ]);

    const attempts = await api('GET', `/api/results/content/${id}/attempts?limit=1`, { token: author.token });
    expect(attempts.status).toBe(200);
    expect(attempts.body.total).toBe(2);
    expect(attempts.body.data).toHaveLength(1);
    const all = await api('GET', `/api/results/content/${id}/attempts`, { token: author.token });
    expect(all.body.data.map((a: { learner: { key: string } }) => a.learner.key).sort()).toEqual([`anon:${anon}`, `user:${student.user.id}`].sort());
    const anonRow = all.body.data.find((a: { learner: { kind: string } }) => a.learner.kind === 'anonymous');
    expect(anonRow.learner.name).toBe(`Anonymous ${anon.slice(0, 8)}`);

    const csv = await fetch(`${base()}/api/results/content/${id}/attempts?format=csv`, { headers: { Authorization: `Bearer ${author.token}` } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^attempt,content,title,learner,learner_name/);
    expect(lines).toHaveLength(3);
    const itemsCsv = await (await fetch(`${base()}/api/results/content/${id}?format=csv`, { headers: { Authorization: `Bearer ${author.token}` } })).text();
    expect(itemsCsv).toContain('q1,Question q1,choice,2,0,0');

    // the date filter: nothing started tomorrow
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await api('GET', `/api/results/content/${id}?from=${tomorrow}`, { token: author.token })).body.data.summary.attempts).toBe(0);
    expect((await api('GET', `/api/results/content/${id}?from=2026-02-01&to=2026-01-01`, { token: author.token })).status).toBe(400);

    // the learner's own page, and the teacher's view of one learner
    const mine = await api('GET', '/api/results/me', { token: student.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ contentId: id, scaled: 0.25 })]);
    const one = await api('GET', `/api/results/learners/user:${student.user.id}`, { token: author.token });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({ contentId: id, contentTitle: expect.any(String) });
  });

  it('is the owner’s, the tenant admin’s and the super admin’s only; the feature needs a paid plan', async () => {
    const { author, id } = await setup();
    const path = `/api/results/content/${id}`;
    const other = await signedIn(['teacher']);
    await setPlan(other.user.id, 'premium');
    expect((await api('GET', path, { token: other.token })).status).toBe(404);
    expect((await api('GET', path, { token: other.token })).body.error).toBe('Content not found');
    const student = await signedIn(['student']);
    await setPlan(student.user.id, 'pro');
    expect((await api('GET', path, { token: student.token })).status).toBe(404);
    expect((await api('GET', `/api/results/learners/user:${author.user.id}`, { token: other.token })).body.data).toEqual([]);
    const free = await signedIn(['teacher']);
    await setPlan(free.user.id, 'free');
    const refused = await api('GET', path, { token: free.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: 'feature_not_available', requiredPlan: 'pro' });
    const superAdmin = await signedIn(['super_admin']);
    await setPlan(superAdmin.user.id, 'pro');
    expect((await api('GET', path, { token: superAdmin.token })).status).toBe(200);
    const foreignAdmin = await signedInTenant(['tenant_admin'], (await createTenant()).id);
    await setPlan(foreignAdmin.user.id, 'pro');
    expect((await api('GET', path, { token: foreignAdmin.token })).status).toBe(404);
    expect((await api('GET', path)).status).toBe(401);
  });

  it('deletes an item’s results with the item; an admin exports and erases one learner’s results', async () => {
    const { author, id } = await setup();
    const student = await signedIn(['student']);
    const token = await issuePlayerToken(student.user.id, id);
    const res = await post(id, token, { attempt: randomUUID(), statements: [question(id, 'q1', '0', true), completed(id, 2, 2)] });
    const attemptId = res.body.data.attemptId as string;

    const admin = await signedIn(['super_admin']);
    const exported = await fetch(`${base()}/api/admin/results/learners/user:${student.user.id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="learner-user-/);
    const data = ((await exported.json()) as { data: { attempts: unknown[]; statements: unknown[]; responses: unknown[] } }).data;
    expect(data.attempts).toHaveLength(1);
    expect(data.statements).toHaveLength(2);
    expect(data.responses).toHaveLength(1);
    expect((await api('GET', `/api/admin/results/learners/user:${student.user.id}`, { token: author.token })).status).toBe(403);

    const erased = await api('DELETE', `/api/admin/results/learners/user:${student.user.id}`, { token: admin.token });
    expect(erased.status).toBe(200);
    expect(erased.body.data.attempts).toBe(1);
    expect(await db().learningAttempt.count({ where: { id: attemptId } })).toBe(0);
    expect(await db().xapiStatement.count({ where: { attemptId } })).toBe(0);

    await post(id, token, { attempt: randomUUID(), statements: [completed(id, 1, 2)] });
    expect(await db().learningAttempt.count({ where: { contentId: id } })).toBe(1);
    expect((await api('DELETE', `/h5p/content/${id}`, { token: author.token })).status).toBe(200);
    expect(await db().learningAttempt.count({ where: { contentId: id } })).toBe(0);
    expect(await db().xapiStatement.count({ where: { contentId: id } })).toBe(0);
    // a player still open on the deleted item: its statements have nowhere to go
    const late = await post(id, token, { attempt: randomUUID(), statements: [completed(id, 1, 2)] });
    expect([401, 404]).toContain(late.status);
  });
});
