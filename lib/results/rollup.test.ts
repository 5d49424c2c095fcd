// The pure half of the attempt roll-up (issue 24 item 9): what each statement of a batch gives the intake's one SQL
// statement (lib/results/intake.ts). Which result wins among the stored rows, and the attempt's kind, are decided in
// that SQL and covered by the integration tests (results*.test.ts).
import { describe, expect, it } from 'vitest';
import { responseOf, resultOf, statementRows } from './rollup';
import { statementSchema, VERBS, type Statement } from './statements';

const CONTENT = 'https://app.test/h5p/play/c1';
const SUB = 'http://h5p.org/x-api/h5p-subContentId';
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const AT = new Date('2026-03-01T11:00:00.000Z');
let n = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function st(verb: keyof typeof VERBS, extra: Record<string, unknown> = {}): Statement {
  return statementSchema.parse({ id: nextId(), verb: { id: VERBS[verb] }, object: { id: CONTENT }, ...extra });
}
const onQuestion = (q: string, def: Record<string, unknown> = {}) => ({ object: { id: CONTENT, definition: { extensions: { [SUB]: q }, ...def } } });

describe('resultOf: the attempt result a statement carries', () => {
  it('takes completed, passed and failed of the content itself, with success from the verb', () => {
    expect(resultOf(st('completed', { result: { score: { raw: 3, max: 4 }, success: true, duration: 'PT1M30S' } }), AT)).toMatchObject({
      score: 3,
      maxScore: 4,
      scaled: 0.75,
      success: true,
      completed: true,
      durationMs: 90_000,
      finishedAt: AT,
      passback: true,
    });
    expect(resultOf(st('passed', { result: { success: false } }), AT)).toMatchObject({ success: true, completed: true, score: null, scaled: null });
    expect(resultOf(st('failed', { result: { success: true } }), AT)).toMatchObject({ success: false, completed: true });
  });

  it("takes a single-question type's top-level scored answer, completed only when it says so", () => {
    expect(resultOf(st('answered', { result: { score: { raw: 1, max: 1 }, success: true } }), AT)).toMatchObject({ scaled: 1, success: true, completed: false });
    expect(resultOf(st('answered', { result: { score: { raw: 1, max: 1 }, completion: true } }), AT)).toMatchObject({ completed: true, success: null });
    expect(resultOf(st('answered', { result: { response: 'a' } }), AT)).toBeNull();
  });

  it('ignores answers to a question of the content, and verbs that carry no result', () => {
    expect(resultOf(st('completed', { ...onQuestion('q1'), result: { score: { raw: 1, max: 1 } } }), AT)).toBeNull();
    for (const v of ['initialized', 'interacted', 'progressed', 'terminated'] as const) expect(resultOf(st(v, { result: { score: { raw: 1, max: 1 } } }), AT), v).toBeNull();
  });

  it('prefers the scaled score given, else raw / max (none without a max), kept within -1 … 1', () => {
    expect(resultOf(st('completed', { result: { score: { scaled: 0.5, raw: 9, max: 10 } } }), AT)?.scaled).toBe(0.5);
    expect(resultOf(st('completed', { result: { score: { raw: 9 } } }), AT)?.scaled).toBeNull();
    expect(resultOf(st('completed', { result: { score: { raw: 9, max: 0 } } }), AT)?.scaled).toBeNull();
    expect(resultOf(st('completed', { result: { score: { raw: 15, max: 10 } } }), AT)?.scaled).toBe(1);
    expect(resultOf(st('completed', { result: { score: { raw: -15, max: 10 } } }), AT)?.scaled).toBe(-1);
  });
});

describe('responseOf: the answer to a question a statement carries', () => {
  it('keeps the question in its own words, the response, the pattern, the choices as text and the score', () => {
    const s = st('answered', {
      ...onQuestion('q1', {
        name: { 'en-US': 'Quiz' },
        description: { 'en-US': '<p>Capital of <b>Norway</b>?</p>' },
        interactionType: 'choice',
        correctResponsesPattern: ['0'],
        choices: [{ id: '0', description: { 'en-US': '<div>Oslo</div>' } }, { id: '1' }],
      }),
      result: { response: '1', success: false, score: { raw: 0, max: 1 } },
    });
    expect(responseOf(s, AT)).toEqual({
      item: 'q1',
      name: 'Capital of Norway?',
      type: 'choice',
      response: '1',
      pattern: ['0'],
      choices: [
        { id: '0', text: 'Oslo' },
        { id: '1', text: '1' },
      ],
      success: false,
      score: 0,
      max: 1,
      at: AT.toISOString(),
    });
  });

  it("answers about the content itself have item '' ; statements without a result or not answered carry no answer", () => {
    expect(responseOf(st('answered', { result: { response: 'x' } }), AT)).toMatchObject({ item: '', response: 'x', choices: null, pattern: null });
    expect(responseOf(st('answered', onQuestion('q1')), AT)).toBeNull();
    expect(responseOf(st('interacted', { ...onQuestion('q1'), result: { response: 'x' } }), AT)).toBeNull();
  });
});

describe('statementRows: a batch as the roll-up reads it', () => {
  const actor = { objectType: 'Agent', account: { homePage: 'https://app.test', name: 'u1' } };

  it('keeps a statement sent twice in the batch once (ids compared lower-cased), numbering the distinct ones', () => {
    const a = st('initialized');
    const b = st('answered', { ...onQuestion('q1'), result: { response: 'x' } });
    const rows = statementRows(actor, [a, { ...a, id: a.id.toUpperCase() }, b], NOW);
    expect(rows.map((r) => [r.id, r.ord])).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
  });

  it("takes a future or missing timestamp as the time it arrived, and stores the service's actor", () => {
    const future = st('completed', { timestamp: '2030-01-01T00:00:00Z', actor: { mbox: 'mailto:spoof@example.test' } });
    const past = st('completed', { timestamp: '2026-03-01T11:00:00+00:00' });
    const none = st('completed');
    const [f, p, x] = statementRows(actor, [future, past, none], NOW);
    expect(f!.ts).toBe(new Date(NOW).toISOString());
    expect(p!.ts).toBe(AT.toISOString());
    expect(x!.ts).toBe(new Date(NOW).toISOString());
    expect(f!.st).toMatchObject({ id: future.id, actor, timestamp: new Date(NOW).toISOString(), stored: new Date(NOW).toISOString() });
  });

  it('carries the result, the answer, the question and whether the learner did something', () => {
    const [load, answer, done] = statementRows(
      actor,
      [st('initialized'), st('answered', { ...onQuestion('q2'), result: { response: 'b', score: { raw: 1, max: 1 } } }), st('completed', { result: { score: { raw: 1, max: 2 }, duration: 'PT2S' } })],
      NOW,
    );
    expect(load).toMatchObject({ verb: VERBS.initialized, sub: null, inter: false });
    expect(load!.res).toBeUndefined();
    expect(load!.ans).toBeUndefined();
    expect(answer).toMatchObject({ sub: 'q2', inter: true, ans: { item: 'q2', response: 'b', score: 1 } });
    expect(answer!.res).toBeUndefined();
    expect(done).toMatchObject({ inter: true, object_id: CONTENT, res: { score: 1, maxScore: 2, scaled: 0.5, success: null, completed: true, durationMs: 2000 } });
    expect(Object.keys(done!.res!).sort()).toEqual(['completed', 'durationMs', 'maxScore', 'scaled', 'score', 'success']);
  });
});
