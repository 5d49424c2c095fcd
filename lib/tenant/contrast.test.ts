import { describe, expect, it } from 'vitest';
import { accessibleBrand, contrastRatio } from './contrast';

describe('accessibleBrand', () => {
  it('darkens the default indigo (4.47:1 with white) just past 4.5:1', () => {
    expect(contrastRatio('#6366f1', '#ffffff')).toBeLessThan(4.5);
    const fixed = accessibleBrand('#6366f1');
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(fixed, '#ffffff')).toBeLessThan(4.8);
  });
  it('keeps a colour that is already readable and makes a very light one readable', () => {
    expect(accessibleBrand('#dc2626')).toBe('#dc2626');
    expect(contrastRatio(accessibleBrand('#ffff00'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
