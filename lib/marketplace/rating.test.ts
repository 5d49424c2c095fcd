import { describe, expect, it } from 'vitest';
import { bayesianScore, ratingOf } from './rating';

describe('the marketplace rating', () => {
  it('ranks fifty 4.8s above one 5 and an unrated item at the prior', () => {
    const one5 = bayesianScore(1, 5);
    const fifty48 = bayesianScore(50, 240);
    expect(fifty48).toBeGreaterThan(one5);
    expect(one5).toBeCloseTo(3.333, 3);
    expect(fifty48).toBeCloseTo(4.636, 3);
    expect(bayesianScore(0, 0)).toBe(3);
    // many low ratings sink below unrated items
    expect(bayesianScore(20, 30)).toBeLessThan(bayesianScore(0, 0));
  });

  it('shows the plain average with one decimal, null without ratings', () => {
    expect(ratingOf(3, 13)).toEqual({ average: 4.3, count: 3 });
    expect(ratingOf(0, 0)).toEqual({ average: null, count: 0 });
  });
});
