// Results that mean what they say (issue 23 items 1, 2 and 4): a play is an attempt only from the learner's first
// interaction (a load-only play is a view), the owner's own plays are previews left out of every statistic, a
// Retry keeps the first answer (item analysis: first answers or all), and a question is named in its own words
// with "correct" meaning full score where the statement carries no success (Blanks, Drag Text, Summary).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { setPlan, signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

const V = 'http://adlnet.gov/expapi/verbs/';
const base = () => inject('appUrl');

beforeAll(async () => {
  await installTestLibraries();
});

/** A statement as H5P core builds it (createXAPIEventTemplate): the content's title in name, the question in description. */
function statement(contentId: string, verb: string, opts: { result?: Record<string, unknown>; definition?: Record<string, unknown>; at?: Date } = {}) {
  return {
    id: randomUUID(),
    actor: { name: 'browser', mbox: 'mailto:x@example.test' },
    verb: { id: `${V}${verb}`, display: { 'en-US': verb } },
    object: {
      id: `${base()}/h5p/embed/${contentId}`,
      objectType: 'Activity',
      definition: { extensions: { 'http://h5p.org/x-api/h5p-local-content-id': contentId }, name: { 'en-US': 'Capitals quiz' }, ...opts.definition },
    },
    ...(opts.result ? { result: opts.result } : {}),
    timestamp: (opts.at ?? new Date()).toISOString(),
  };
}

/** H5P.MultiChoice's top-level answer (success and score). */
const mcAnswer = (contentId: string, choice: string, correct: boolean, at?: Date) =>
  statement(contentId, 'answered', {
    at,
    result: { response: choice, success: correct, completion: true, score: { raw: correct ? 1 : 0, max: 1, min: 0, scaled: correct ? 1 : 0 } },
    definition: {
      description: { 'en-US': '<p>What is the capital of <strong>Norway</strong>?</p>' },
      interactionType: 'choice',
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      correctResponsesPattern: ['0'],
      choices: [
        { id: '0', description: { 'en-US': '<div>Oslo</div>' } },
        { id: '1', description: { 'en-US': '<div>Bergen</div>' } },
      ],
    },
  });

const post = (contentId: string, token: string, body: unknown) => api('POST', `/h5p/xapi/${contentId}?token=${encodeURIComponent(token)}`, { body, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });

async function setup() {
  const author = await signedIn(['teacher']);
  await setPlan(author.user.id, 'pro');
  const id = await createContent(author.token, 'H5P.MultiChoice', { title: 'Capitals quiz' });
  const results = async (query = '') => (await api('GET', `/api/results/content/${id}${query}`, { token: author.token })).body.data;
  return { author, id, results };
}

describe('views, attempts and previews (issue 23 item 1)', () => {
  it('a play that only loaded is a view — not an attempt, not in My results; its first interaction makes it an attempt started then', async () => {
    const { id, results } = await setup();
    const student = await signedIn(['student']);
    const token = await issuePlayerToken(student.user.id, id);
    const attempt = randomUUID();
    const opened = new Date(Date.now() - 60_000);
    const loaded = await post(id, token, { attempt, statements: [statement(id, 'attempted', { at: opened })] });
    expect(loaded.status).toBe(201);
    expect(loaded.body.data.kind).toBe('view');
    let data = await results();
    expect(data.summary).toMatchObject({ attempts: 0, learners: 0, views: 1, previews: 0, completionRate: null });
    expect((await api('GET', `/api/results/content/${id}/attempts`, { token: (await signedIn(['teacher'])).token })).status).toBe(404);
    expect((await api('GET', '/api/results/me', { token: student.token })).body.data).toEqual([]);

    const answeredAt = new Date(Date.now() - 10_000);
    const answered = await post(id, token, { attempt, statements: [mcAnswer(id, '0', true, answeredAt)] });
    expect(answered.body.data).toMatchObject({ kind: 'attempt', attemptId: loaded.body.data.attemptId });
    const row = await db().learningAttempt.findUniqueOrThrow({ where: { id: answered.body.data.attemptId } });
    expect(row.kind).toBe('attempt');
    expect(row.startedAt.toISOString()).toBe(answeredAt.toISOString());
    data = await results();
    expect(data.summary).toMatchObject({ attempts: 1, learners: 1, views: 0, completed: 1, completionRate: 1 });
    expect((await api('GET', '/api/results/me', { token: student.token })).body.data).toHaveLength(1);
  });

  it('the owner’s own play is a preview: in no statistic, list, item analysis, export or grade; shown only as a count', async () => {
    const { author, id, results } = await setup();
    const student = await signedIn(['student']);
    expect((await post(id, await issuePlayerToken(student.user.id, id), { attempt: randomUUID(), statements: [statement(id, 'attempted'), mcAnswer(id, '1', false)] })).status).toBe(201);
    const own = await post(id, await issuePlayerToken(author.user.id, id), { attempt: randomUUID(), statements: [statement(id, 'attempted'), mcAnswer(id, '0', true)] });
    expect(own.status).toBe(201);
    expect(own.body.data.kind).toBe('preview');

    const data = await results();
    expect(data.summary).toMatchObject({ attempts: 1, learners: 1, previews: 1, views: 0, averageScore: 0 });
    expect(data.summary.histogram).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(data.items).toEqual([expect.objectContaining({ itemId: '', answers: 1, correct: 0 })]);
    const attempts = await api('GET', `/api/results/content/${id}/attempts`, { token: author.token });
    expect(attempts.body.total).toBe(1);
    expect(attempts.body.data[0].learner.key).toBe(`user:${student.user.id}`);
    const csv = await (await fetch(`${base()}/api/results/content/${id}/attempts?format=csv`, { headers: { Authorization: `Bearer ${author.token}` } })).text();
    expect(csv).not.toContain(author.user.id);
    expect((await api('GET', '/api/results/me', { token: author.token })).body.data).toEqual([]);
    expect((await api('GET', `/api/results/learners/user:${author.user.id}`, { token: author.token })).body.data).toEqual([]);
    // stored apart, never graded
    expect(await db().learningAttempt.count({ where: { contentId: id, kind: 'preview' } })).toBe(1);
    // the author only opening the player again is kept as a preview, but is no play: the count stays 1
    const opened = await post(id, await issuePlayerToken(author.user.id, id), { attempt: randomUUID(), statements: [statement(id, 'attempted')] });
    expect(opened.status).toBe(201);
    expect(opened.body.data).toMatchObject({ kind: 'preview', stored: 1 });
    expect((await results()).summary).toMatchObject({ previews: 1, views: 0 });
    expect(await db().gradePassback.count({ where: { attemptId: own.body.data.attemptId } })).toBe(0);
  });
});

describe('every answer is kept (issue 23 item 2)', () => {
  it('a wrong answer, Retry, a right answer: both kept; item analysis reads first answers by default and all on request', async () => {
    const { author, id, results } = await setup();
    const student = await signedIn(['student']);
    const token = await issuePlayerToken(student.user.id, id);
    // a single-question type's Retry inside one player attempt …
    const attempt = randomUUID();
    expect((await post(id, token, { attempt, statements: [statement(id, 'attempted'), mcAnswer(id, '1', false, new Date(Date.now() - 5_000))] })).status).toBe(201);
    const retry = await post(id, token, { attempt, statements: [mcAnswer(id, '0', true)] });
    expect(await db().attemptResponse.count({ where: { attemptId: retry.body.data.attemptId } })).toBe(2);
    // … and in a new attempt (the player rotates it after a scored answer)
    expect((await post(id, token, { attempt: randomUUID(), statements: [mcAnswer(id, '0', true)] })).status).toBe(201);

    const first = await results();
    expect(first.items).toEqual([expect.objectContaining({ answers: 1, correct: 0, shareCorrect: 0, commonWrongAnswers: [{ response: 'Bergen', count: 1 }] })]);
    expect(await results('?attempts=first')).toEqual(first);
    const all = await results('?attempts=all');
    expect(all.items).toEqual([expect.objectContaining({ answers: 3, correct: 2, commonWrongAnswers: [{ response: 'Bergen', count: 1 }] })]);
    expect(all.items[0].shareCorrect).toBeCloseTo(2 / 3, 5);
    const csv = await (await fetch(`${base()}/api/results/content/${id}?format=csv&attempts=all`, { headers: { Authorization: `Bearer ${author.token}` } })).text();
    expect(csv).toContain(',choice,3,2,66.7,');

    const bad = await api('GET', `/api/results/content/${id}?attempts=latest`, { token: author.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Validation error: attempts: must be first or all');
  });
});

describe('item analysis in the question’s own words (issue 23 item 4)', () => {
  it('names the question from its description (HTML stripped), never the content title; a full score without success is correct', async () => {
    const { id, results } = await setup();
    const student = await signedIn(['student']);
    const token = await issuePlayerToken(student.user.id, id);
    // as H5P.Blanks sends it: no result.success
    const blanks = statement(id, 'answered', {
      result: { response: 'Oslo', completion: true, score: { raw: 1, max: 1, min: 0, scaled: 1 } },
      definition: { description: { 'en-US': '<p>Fill in the missing word.</p>Oslo is the capital of __________.' }, interactionType: 'fill-in', type: 'http://adlnet.gov/expapi/activities/cmi.interaction' },
    });
    expect((await post(id, token, { attempt: randomUUID(), statements: [blanks] })).status).toBe(201);
    const other = await signedIn(['student']);
    const half = statement(id, 'answered', {
      result: { response: 'Bergen', completion: true, score: { raw: 0, max: 1, min: 0, scaled: 0 } },
      definition: { description: { 'en-US': '<p>Fill in the missing word.</p>Oslo is the capital of __________.' }, interactionType: 'fill-in' },
    });
    expect((await post(id, await issuePlayerToken(other.user.id, id), { attempt: randomUUID(), statements: [half] })).status).toBe(201);
    const { items } = await results();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'Fill in the missing word. Oslo is the capital of __________.', answers: 2, correct: 1, shareCorrect: 0.5, averageScore: 0.5, commonWrongAnswers: [{ response: 'Bergen', count: 1 }] });
    expect(items[0].name).not.toBe('Capitals quiz');
  });
});
