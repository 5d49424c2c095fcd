import { describe, expect, it } from 'vitest';
import { ESSENTIAL_CONTENT_TYPES } from '@/lib/content/types';
import { BLOOM_LEVELS, BLOOMS_BY_CONTENT_TYPE, TARGET_DISTRIBUTION, analyseBlooms, bloomsLevelOf, contentTypesOf } from './blooms';

describe("Bloom's content-type table", () => {
  it('maps every essential content type to a level', () => {
    for (const t of ESSENTIAL_CONTENT_TYPES) expect(BLOOMS_BY_CONTENT_TYPE[t], t).toBeDefined();
  });

  it('covers every level with at least one content type', () => {
    for (const l of BLOOM_LEVELS) expect(contentTypesOf([l]).length, l).toBeGreaterThan(0);
  });

  it('reads the machine name from a library string with a version', () => {
    expect(bloomsLevelOf('H5P.Essay 1.5')).toBe('create');
    expect(bloomsLevelOf('H5P.Unknown')).toBeNull();
    expect(bloomsLevelOf(null)).toBeNull();
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
    const a = analyseBlooms(['H5P.TrueFalse', 'H5P.Flashcards', 'H5P.MultiChoice', 'H5P.QuestionSet']);
    expect(a.distribution).toEqual({ remember: 50, understand: 25, apply: 25, analyze: 0, evaluate: 0, create: 0 });
    expect(a.gaps).toEqual(['analyze', 'evaluate', 'create']);
    expect(a.score).toBe(50);
    expect(a.deviation).toEqual({ remember: 32.5, understand: 7.5, apply: -5, analyze: -11.67, evaluate: -11.67, create: -11.66 });
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
    expect(analyseBlooms(['H5P.TrueFalse', 'H5P.Blanks', 'H5P.QuestionSet', 'H5P.Chart', 'H5P.BranchingScenario', 'H5P.Essay']).score).toBe(100);
  });
});
