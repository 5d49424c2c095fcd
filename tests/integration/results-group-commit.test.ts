// Group commit of statement intake (issue 26 item 3, lib/results/intake-commit.ts), on the real database: batches
// written together in one statement store exactly what they store when written one after the other (dedup by
// statement id, roll-ups, answers, passback, 201/200 counts), and a batch that fails in a group fails alone.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { commitStats } from '@/lib/results/intake-commit';
import { attemptIdOf, prepareBatch, recordStatements, storeBatch, type Learner } from '@/lib/results/intake';
import { batchSchema } from '@/lib/results/statements';
import { setPlan, signedIn } from '../support/factories';
import { createContent, installTestLibraries } from '../support/h5p';

const V = 'http://adlnet.gov/expapi/verbs/';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');

beforeAll(async () => {
  await installTestLibraries();
});

type Step = { learner: 'l1' | 'l2' | 'owner'; attempt: string; statements: { sym: string; verb: string; sub?: string; right?: boolean; score?: [number, number]; at: number }[] };

/** One play of a quiz, replays and retries included, named by symbols (a run gives them its own ids). */
const SCENARIO: Step[] = [
  { learner: 'l1', attempt: 'α', statements: [{ sym: 's1', verb: 'attempted', at: 1 }, { sym: 's2', verb: 'answered', sub: 'q1', right: false, at: 2 }, { sym: 's3', verb: 'answered', sub: 'q2', right: true, at: 3 }] },
  { learner: 'l1', attempt: 'α', statements: [{ sym: 's4', verb: 'answered', sub: 'q1', right: true, at: 4 }, { sym: 's5', verb: 'completed', score: [2, 2], at: 5 }] },
  // the first batch replayed under another attempt: nothing new, no attempt
  { learner: 'l1', attempt: 'β', statements: [{ sym: 's1', verb: 'attempted', at: 1 }, { sym: 's2', verb: 'answered', sub: 'q1', right: false, at: 2 }, { sym: 's3', verb: 'answered', sub: 'q2', right: true, at: 3 }] },
  // a replayed statement with a new one: only the new one counts
  { learner: 'l1', attempt: 'γ', statements: [{ sym: 's1', verb: 'attempted', at: 1 }, { sym: 's6', verb: 'attempted', at: 6 }] },
  // the second batch sent again (its answer was lost)
  { learner: 'l1', attempt: 'α', statements: [{ sym: 's4', verb: 'answered', sub: 'q1', right: true, at: 4 }, { sym: 's5', verb: 'completed', score: [2, 2], at: 5 }] },
  // a view that becomes an attempt
  { learner: 'l2', attempt: 'δ', statements: [{ sym: 's7', verb: 'attempted', at: 7 }] },
  { learner: 'l2', attempt: 'δ', statements: [{ sym: 's8', verb: 'interacted', at: 8 }, { sym: 's9', verb: 'failed', score: [0, 3], at: 9 }] },
  // the author's own play: a preview, never graded
  { learner: 'owner', attempt: 'ε', statements: [{ sym: 's10', verb: 'answered', sub: 'q1', right: true, at: 10 }, { sym: 's11', verb: 'completed', score: [1, 1], at: 11 }] },
  // the same statement twice in one batch is one statement; an older result after a newer one does not win
  { learner: 'l2', attempt: 'ζ', statements: [{ sym: 's12', verb: 'completed', score: [3, 4], at: 13 }, { sym: 's12', verb: 'completed', score: [3, 4], at: 13 }, { sym: 's13', verb: 'passed', score: [1, 4], at: 12 }] },
  { learner: 'l2', attempt: 'ζ', statements: [{ sym: 's14', verb: 'completed', score: [4, 4], at: 12.5 }] },
];

interface Run {
  contentId: string;
  learners: Record<Step['learner'], Learner>;
  ids: Map<string, string>;
}

const learnerOfUser = (id: string): Learner => ({ key: `user:${id}`, userId: id, name: null, source: 'workspace', actor: { objectType: 'Agent', account: { homePage: 'http://app.lumen.test/learners', name: id } } });

async function newRun(): Promise<Run> {
  const owner = await signedIn(['teacher']);
  await setPlan(owner.user.id, 'pro');
  const contentId = await createContent(owner.token, 'H5P.MultiChoice');
  const [l1, l2] = [await signedIn(['student']), await signedIn(['student'])];
  return { contentId, learners: { l1: learnerOfUser(l1.user.id), l2: learnerOfUser(l2.user.id), owner: learnerOfUser(owner.user.id) }, ids: new Map() };
}

const idOf = (run: Run, sym: string) => {
  if (!run.ids.has(sym)) run.ids.set(sym, randomUUID());
  return run.ids.get(sym)!;
};

function batchOf(run: Run, step: Step) {
  return batchSchema.parse({
    attempt: idOf(run, step.attempt),
    statements: step.statements.map((s) => ({
      id: idOf(run, s.sym),
      verb: { id: `${V}${s.verb}` },
      object: {
        id: `http://app.lumen.test/h5p/embed/${run.contentId}${s.sub ? `?subContentId=${s.sub}` : ''}`,
        definition: {
          ...(s.sub ? { interactionType: 'choice', choices: [{ id: '0', description: { 'en-US': 'Right' } }, { id: '1', description: { 'en-US': 'Wrong' } }], correctResponsesPattern: ['0'] } : {}),
          extensions: { 'http://h5p.org/x-api/h5p-local-content-id': run.contentId, ...(s.sub ? { 'http://h5p.org/x-api/h5p-subContentId': s.sub } : {}) },
        },
      },
      ...(s.sub ? { result: { response: s.right ? '0' : '1', success: !!s.right, score: { raw: s.right ? 1 : 0, max: 1 } } } : {}),
      ...(s.score ? { result: { score: { raw: s.score[0], max: s.score[1] }, completion: true, duration: `PT${s.score[0] + 1}S` } } : {}),
      timestamp: new Date(T0 + s.at * 1000).toISOString(),
    })),
  });
}

/** Everything the content's results hold, with the run's ids replaced by their symbols and times by offsets. */
async function snapshot(run: Run) {
  const sym = new Map([...run.ids].map(([k, v]) => [v, k]));
  const attemptSym = new Map<string, string>();
  for (const step of SCENARIO) {
    attemptSym.set(attemptIdOf(run.learners[step.learner].key, run.contentId, idOf(run, step.attempt)), `${step.learner}/${step.attempt}`);
  }
  const at = (d: Date | null) => (d ? (d.getTime() - T0) / 1000 : null);
  const attempts = await db().learningAttempt.findMany({ where: { contentId: run.contentId } });
  const statements = await db().xapiStatement.findMany({ where: { contentId: run.contentId } });
  const answers = await db().attemptResponse.findMany({ where: { contentId: run.contentId } });
  const passback = await db().gradePassback.findMany({ where: { attemptId: { in: attempts.map((a) => a.id) } } });
  return {
    attempts: attempts
      .map((a) => ({ attempt: attemptSym.get(a.id), kind: a.kind, score: a.score, maxScore: a.maxScore, scaled: a.scaled, success: a.success, completed: a.completed, durationMs: Number(a.durationMs), statements: a.statements, startedAt: at(a.startedAt), finishedAt: at(a.finishedAt) }))
      .sort((x, y) => String(x.attempt).localeCompare(String(y.attempt))),
    statements: statements.map((s) => `${sym.get(s.id)}@${attemptSym.get(s.attemptId)}`).sort(),
    answers: answers.map((a) => `${sym.get(a.statementId)}@${attemptSym.get(a.attemptId)}:${a.itemId}:${a.response}:${String(a.success)}`).sort(),
    passback: passback.map((p) => `${attemptSym.get(p.attemptId)}:${sym.get(p.statementId)}:${p.status}:${p.score}/${p.maxScore}`).sort(),
  };
}

const outcome = (r: { kind: string; stored: number; duplicates: number }) => ({ kind: r.kind, stored: r.stored, duplicates: r.duplicates });

describe('statement intake by group commit', () => {
  it('stores batches written together exactly as it stores them one after the other: dedup, roll-ups, answers, passback and counts', async () => {
    // one after the other, each committed before the next is sent
    const alone = await newRun();
    const one: ReturnType<typeof outcome>[] = [];
    for (const step of SCENARIO) one.push(outcome(await recordStatements(alone.contentId, alone.learners[step.learner], batchOf(alone, step))));

    // all at once: prepared first, then queued in the same order in one tick, so they are written in groups
    const together = await newRun();
    const before = commitStats();
    const ready = await Promise.all(SCENARIO.map((step) => prepareBatch(together.contentId, together.learners[step.learner], batchOf(together, step))));
    const all = (await Promise.all(ready.map((r) => storeBatch(r)))).map(outcome);
    const after = commitStats();
    // written in fewer statements than batches: some groups held several
    expect(after.batches - before.batches).toBe(SCENARIO.length);
    expect(after.writes - before.writes).toBeLessThan(SCENARIO.length);
    expect(after.largest).toBeGreaterThan(1);

    expect(all).toEqual(one);
    expect(one).toEqual([
      { kind: 'attempt', stored: 3, duplicates: 0 },
      { kind: 'attempt', stored: 2, duplicates: 0 },
      { kind: 'attempt', stored: 0, duplicates: 3 },
      { kind: 'view', stored: 1, duplicates: 1 },
      { kind: 'attempt', stored: 0, duplicates: 2 },
      { kind: 'view', stored: 1, duplicates: 0 },
      { kind: 'attempt', stored: 2, duplicates: 0 },
      { kind: 'preview', stored: 2, duplicates: 0 },
      { kind: 'attempt', stored: 2, duplicates: 0 },
      { kind: 'attempt', stored: 1, duplicates: 0 },
    ]);
    const expected = await snapshot(alone);
    expect(await snapshot(together)).toEqual(expected);
    expect(expected.attempts.map((a) => [a.attempt, a.kind, a.statements, a.score, a.maxScore, a.startedAt, a.finishedAt])).toEqual([
      ['l1/α', 'attempt', 5, 2, 2, 2, 5],
      ['l1/γ', 'view', 1, null, null, 6, null],
      ['l2/δ', 'attempt', 3, 0, 3, 8, 9],
      ['l2/ζ', 'attempt', 3, 3, 4, 12, 13],
      ['owner/ε', 'preview', 2, 1, 1, 10, 11],
    ]);
    expect(expected.passback).toEqual(['l1/α:s5:no-context:2/2', 'l2/δ:s9:no-context:0/3', 'l2/ζ:s14:no-context:3/4']);
  });

  it('fails only the batch that fails: the rest of its group is stored (a deleted content item, a value the database refuses)', async () => {
    const run = await newRun();
    const step = (sym: string, attempt: string): Step => ({ learner: 'l1', attempt, statements: [{ sym, verb: 'answered', sub: 'q1', right: true, at: 1 }, { sym: `${sym}-done`, verb: 'completed', score: [1, 1], at: 2 }] });
    const batch = (sym: string) => batchOf(run, step(sym, `attempt-${sym}`));
    const l1 = run.learners.l1;
    const before = commitStats();
    // two batches take the write slots; the rest queue behind them and go out as one group
    const ready = [
      await prepareBatch(run.contentId, l1, batch('a')),
      await prepareBatch(run.contentId, l1, batch('b')),
      await prepareBatch(run.contentId, l1, batch('c')),
      await prepareBatch('no-such-content', l1, batchOf({ ...run, contentId: 'no-such-content' }, step('gone', 'attempt-gone'))),
      await prepareBatch(run.contentId, l1, batch('d')),
      await prepareBatch(run.contentId, l1, { ...batch('bad'), statements: batch('bad').statements.map((s) => ({ ...s, result: { ...s.result, response: 'half a pair \ud800' } })) }),
      await prepareBatch(run.contentId, l1, batch('e')),
    ];
    const results = await Promise.allSettled(ready.map((r) => storeBatch(r)));
    const after = commitStats();
    expect(after.fallbacks - before.fallbacks).toBeGreaterThanOrEqual(1);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({ status: 404, message: 'Content not found' });
    for (const i of [0, 1, 2, 4, 6]) expect((results[i] as PromiseFulfilledResult<{ stored: number }>).value).toMatchObject({ stored: 2, duplicates: 0, kind: 'attempt' });
    const stored = await db().xapiStatement.findMany({ where: { contentId: run.contentId }, select: { id: true } });
    const sym = new Map([...run.ids].map(([k, v]) => [v, k]));
    expect(stored.map((s) => sym.get(s.id)).sort()).toEqual(['a', 'a-done', 'b', 'b-done', 'c', 'c-done', 'd', 'd-done', 'e', 'e-done']);
    expect(await db().learningAttempt.count({ where: { contentId: run.contentId } })).toBe(5);
    expect(await db().gradePassback.count({ where: { attempt: { contentId: run.contentId } } })).toBe(5);
  });
});
