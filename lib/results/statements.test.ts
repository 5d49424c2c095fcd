import { describe, expect, it } from 'vitest';
import { batchSchema, isInteraction, isPlainBatch, plainText, questionOf, statementSchema } from './statements';

describe('questionOf (issue 23 item 4)', () => {
  it('takes the question from the description (H5P puts the content title in the name) and reduces HTML to text', () => {
    expect(questionOf({ name: { 'en-US': 'Capitals quiz' }, description: { 'en-US': '<p>What is the capital of <strong>Norway</strong>?</p>' } })).toBe('What is the capital of Norway?');
    expect(questionOf({ name: { 'en-US': 'Only a name' } })).toBe('Only a name');
    expect(questionOf({ description: { 'en-US': '<p>Fill in:</p><p>Oslo &amp; Bergen are in __________.&nbsp;</p>' } })).toBe('Fill in: Oslo & Bergen are in __________.');
    expect(questionOf({ description: { 'en-US': '<p> </p>' }, name: { 'en-US': 'Title' } })).toBe('Title');
    expect(questionOf(undefined)).toBeNull();
  });

  it('drops script and style bodies and decodes numeric entities', () => {
    expect(plainText('<style>p{}</style>a&#39;b&#x263A;<script>x()</script>')).toBe("a'b☺");
    expect(plainText('')).toBeNull();
  });
});

describe('isInteraction (issue 23 item 1)', () => {
  const s = (verb: string) => statementSchema.parse({ id: '00000000-0000-4000-8000-000000000000', verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` }, object: { id: 'https://x.test/c/1' } });
  it('load-only verbs are no interaction; everything else is', () => {
    for (const v of ['attempted', 'initialized', 'launched', 'experienced', 'terminated']) expect(isInteraction(s(v))).toBe(false);
    for (const v of ['answered', 'interacted', 'progressed', 'completed', 'passed', 'failed', 'scored']) expect(isInteraction(s(v))).toBe(true);
  });
});

describe('isPlainBatch: the fast check of batchSchema (issue 26 item 3)', () => {
  // seeded randomness (mulberry32): the same cases on every run
  let seed = 26;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const hex = (n: number) => Array.from({ length: n }, () => int(16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;

  /** An H5P-shaped batch, as the player and the bench send them (valid). */
  function batch(most = 20): Record<string, unknown> {
    const cid = `c${int(100)}`;
    const statements = Array.from({ length: 1 + int(most) }, (_, i) => {
      const sub = i % 3 ? `q${i}` : undefined;
      return {
        id: uuid(),
        actor: { name: 'whoever', mbox: 'mailto:x@example.test' },
        verb: { id: `http://adlnet.gov/expapi/verbs/${pick(['answered', 'completed', 'attempted', 'interacted'])}`, display: { 'en-US': 'answered' } },
        object: {
          id: `https://app.test/h5p/embed/${cid}${sub ? `?subContentId=${sub}` : ''}`,
          objectType: 'Activity',
          definition: {
            name: { 'en-US': 'Question' },
            description: { 'en-US': '<p>What?</p>', de: 'Was?' },
            interactionType: 'choice',
            correctResponsesPattern: ['0[,]1'],
            choices: [0, 1, 2].map((c) => ({ id: String(c), description: { 'en-US': `Choice ${c}` } })),
            extensions: { 'http://h5p.org/x-api/h5p-local-content-id': cid, 'http://h5p.org/x-api/h5p-subContentId': sub ?? null, 'http://x.test/ext': { deep: [1, 'two', true] } },
          },
        },
        result: { score: { raw: 1, max: 2, min: 0, scaled: 0.5 }, success: true, completion: false, response: '0[,]1', duration: 'PT1M2.5S', extensions: { 'http://x.test/r': 7 } },
        context: { registration: uuid(), contextActivities: { parent: [{ id: `https://app.test/h5p/embed/${cid}`, objectType: 'Activity' }], category: [{ id: 'http://h5p.org/libraries/H5P.MultiChoice-1.16' }] }, extensions: {} },
        timestamp: pick(['2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00+02:00', '2026-11-20T10:00:00.123456Z']),
        unknownTopLevel: { anything: [null, 1.5e300] },
      };
    });
    return { attempt: uuid(), ...(rand() < 0.5 ? { learner: { id: uuid(), ...(rand() < 0.5 ? { name: 'Ada' } : {}) } } : {}), statements };
  }

  /** Every path to a value inside v. */
  function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) {
    out.push(at);
    if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
    else if (v && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out);
    return out;
  }
  const HOSTILE: unknown[] = [
    null, true, 0, -1.5, 2, 1e21, '', ' ', ' Ada ', 'x'.repeat(36), 'x'.repeat(256), 'y'.repeat(4001), 'z'.repeat(2049), 'not an iri', 'urn:x', 'mailto:a@b',
    '00000000-0000-4000-8000-00000000000', 'PT1H', 'P1Y2M3W4DT5H6M7.5S', 'PT', '1H', '2026-11-20', '2026-11-20T10:00:00', 'Activity', 'Agent', [], [1], {}, { id: 'x' },
    Array.from({ length: 21 }, () => ({ id: 'http://x.test/a' })), Array.from({ length: 51 }, () => 'a'),
  ];
  function mutate(b: Record<string, unknown>): unknown {
    const c = JSON.parse(JSON.stringify(b)) as Record<string, unknown>;
    const all = paths(c).filter((p) => p.length);
    for (let n = 1 + int(2); n > 0; n--) {
      const p = pick(all);
      let parent: any = c;
      for (const k of p.slice(0, -1)) parent = parent?.[k];
      if (!parent || typeof parent !== 'object') continue;
      const last = p[p.length - 1]!;
      const r = rand();
      if (r < 0.15) delete parent[last];
      else if (r < 0.25 && !Array.isArray(parent)) parent[pick(['extra', '__proto__', 'constructor', 'x'.repeat(40)])] = pick(HOSTILE);
      else if (r < 0.3 && !Array.isArray(parent)) Object.defineProperty(parent, '__proto__', { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
      else parent[last] = structuredClone(pick(HOSTILE));
    }
    return JSON.parse(JSON.stringify(c)); // as JSON.parse hands it over (an own __proto__ key stays one)
  }

  it('passes the batches players send, and the schema returns them unchanged', () => {
    for (let i = 0; i < 300; i++) {
      const b = JSON.parse(JSON.stringify(batch()));
      expect(isPlainBatch(b)).toBe(true);
      expect(batchSchema.parse(b)).toEqual(b);
    }
  });

  it('never passes what the schema refuses or changes (thousands of mutated batches)', () => {
    let passed = 0;
    for (let i = 0; i < 4000; i++) {
      const v = mutate(batch(2));
      if (!isPlainBatch(v)) continue;
      passed++;
      const r = batchSchema.safeParse(v);
      if (!r.success) throw new Error(`passed, but the schema refuses it: ${JSON.stringify(r.error.issues.slice(0, 2))}\n${JSON.stringify(v)}`);
      expect(r.data).toEqual(v);
    }
    expect(passed).toBeGreaterThan(300); // mutations of unchecked values (actor, extensions) still pass
  }, 60_000);

  it('leaves statements near the size bound, learner names with spaces and __proto__ keys to the schema', () => {
    const b = JSON.parse(JSON.stringify(batch())) as { statements: Record<string, unknown>[]; learner?: unknown };
    const big = { ...b, statements: [{ ...b.statements[0]!, actor: { name: 'n'.repeat(32_000) } }] };
    expect(isPlainBatch(big)).toBe(false);
    expect(batchSchema.safeParse(big).success).toBe(false);
    const nearly = { ...b, statements: [{ ...b.statements[0]!, actor: { name: 'n'.repeat(30_000) } }] };
    expect(isPlainBatch(nearly)).toBe(JSON.stringify(nearly.statements[0]).length <= 32_768);
    const spaced = { ...b, learner: { id: '00000000-0000-4000-8000-000000000000', name: ' Ada ' } };
    expect(isPlainBatch(spaced)).toBe(false);
    expect(batchSchema.parse(spaced).learner?.name).toBe('Ada');
    expect(isPlainBatch(JSON.parse(`{"attempt":"00000000-0000-4000-8000-000000000000","statements":${JSON.stringify(b.statements)},"__proto__":{}}`))).toBe(false);
  });
});
