import { describe, expect, it } from 'vitest';
import { ESSENTIAL_CONTENT_TYPES } from '@/lib/content/types';
import { itemBloomsLevel, typeBloomsLevel } from '@/lib/content/blooms';
import { ruleBasedReport } from '@/lib/h5p/quality/rules';
import { BLOOM_LEVELS, BLOOMS_BY_CONTENT_TYPE, TARGET_DISTRIBUTION, analyseBlooms, contentTypesOf } from './blooms';

describe("Bloom's content-type table", () => {
  it('maps every essential content type to a level', () => {
    for (const t of ESSENTIAL_CONTENT_TYPES) expect(BLOOMS_BY_CONTENT_TYPE[t], t).toBeDefined();
  });

  it('covers every level with at least one content type', () => {
    for (const l of BLOOM_LEVELS) expect(contentTypesOf([l]).length, l).toBeGreaterThan(0);
  });

  it('reads the machine name from a library string with a version', () => {
    expect(typeBloomsLevel('H5P.Essay 1.5')).toBe('create');
    expect(typeBloomsLevel('H5P.Unknown')).toBeNull();
    expect(typeBloomsLevel(null)).toBeNull();
  });

  it("is one level per item: the quality report's level, else the content type's (issue 23, item 5)", () => {
    expect(itemBloomsLevel({ mainLibrary: 'H5P.MultiChoice 1.16', reportLevel: 'analyze' })).toBe('analyze');
    expect(itemBloomsLevel({ mainLibrary: 'H5P.MultiChoice 1.16', reportLevel: null })).toBe('remember');
    expect(itemBloomsLevel({ mainLibrary: 'H5P.MultiChoice 1.16', reportLevel: 'nonsense' })).toBe('remember');
    expect(itemBloomsLevel({ mainLibrary: 'H5P.Mystery 1.0' })).toBeNull();
  });

  it("starts the rule-based report from the same table: a report without telling words keeps the type's level", () => {
    for (const [type, level] of Object.entries(BLOOMS_BY_CONTENT_TYPE)) {
      expect(ruleBasedReport(`${type} 1.0`, 'Quiz', { question: '<p>Which one?</p>' }).bloomsLevel, type).toBe(level);
    }
  });

  it('has the target distribution of the spec, summing to 100', () => {
    expect(TARGET_DISTRIBUTION).toEqual({ remember: 17.5, understand: 17.5, apply: 30, analyze: 11.67, evaluate: 11.67, create: 11.66 });
    expect(Object.values(TARGET_DISTRIBUTION).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
  });
});

describe('analyseBlooms', () => {
  it('gives all levels as gaps and score 0 for an empty collection', () => {
    const a = analyseBlooms([]);
    expect(a.distribution).toEqual({ remember: 0, understand: 0, apply: 0, analyze: 0, evaluate: 0, create: 0 });
    expect(a.gaps).toEqual([...BLOOM_LEVELS]);
    expect(a.score).toBe(0);
    expect(a.deviation.apply).toBe(-30);
  });

  it('computes percentages, gaps, the score and the deviation from the target', () => {
    const a = analyseBlooms(['H5P.TrueFalse', 'H5P.Flashcards', 'H5P.Summary', 'H5P.QuestionSet']);
    expect(a.distribution).toEqual({ remember: 50, understand: 25, apply: 25, analyze: 0, evaluate: 0, create: 0 });
    expect(a.gaps).toEqual(['analyze', 'evaluate', 'create']);
    expect(a.score).toBe(50);
    expect(a.deviation).toEqual({ remember: 32.5, understand: 7.5, apply: -5, analyze: -11.67, evaluate: -11.67, create: -11.66 });
    expect(a.explanation).toEqual({ classified: 4, fromReports: 0, coveredLevels: 3, totalLevels: 6, pointsPerLevel: 16.67 });
  });

  it("reads each item's report level where it has one, and says how many levels it covers", () => {
    const a = analyseBlooms([
      { mainLibrary: 'H5P.MultiChoice 1.16', reportLevel: 'remember' },
      { mainLibrary: 'H5P.MultiChoice 1.16', reportLevel: 'apply' },
      { mainLibrary: 'H5P.MultiChoice 1.16', reportLevel: null },
      { mainLibrary: 'H5P.Essay 1.5', reportLevel: 'create' },
    ]);
    expect(a.counts).toEqual({ remember: 2, understand: 0, apply: 1, analyze: 0, evaluate: 0, create: 1 });
    expect(a.explanation).toMatchObject({ classified: 4, fromReports: 3, coveredLevels: 3 });
    expect(a.score).toBe(50);
  });

  it('leaves unmapped types out of the distribution and counts them', () => {
    const a = analyseBlooms(['H5P.Essay', 'H5P.Mystery', undefined]);
    expect(a.distribution.create).toBe(100);
    expect(a.unclassified).toBe(2);
    expect(a.score).toBe(17);
  });

  it('sums to about 100 for thirds', () => {
    const a = analyseBlooms(['H5P.Essay', 'H5P.Chart', 'H5P.TrueFalse']);
    const sum = Object.values(a.distribution).reduce((x, y) => x + y, 0);
    expect(sum).toBeGreaterThan(99.9);
    expect(sum).toBeLessThan(100.1);
  });

  it('scores 100 when every level has an item', () => {
    expect(analyseBlooms(['H5P.TrueFalse', 'H5P.Summary', 'H5P.QuestionSet', 'H5P.GuessTheAnswer', 'H5P.BranchingScenario', 'H5P.Essay']).score).toBe(100);
  });
});
