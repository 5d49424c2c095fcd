import { describe, expect, it } from 'vitest';
import { FEATURE_GROUPS, UNGROUPED } from './features';
import { FEATURE_FLAGS } from './plans';

describe('FEATURE_GROUPS', () => {
  it('places every feature flag exactly once', () => {
    const placed = FEATURE_GROUPS.flatMap((g) => [...g.features]);
    expect(UNGROUPED).toEqual([]);
    expect([...placed].sort()).toEqual([...FEATURE_FLAGS].sort());
  });
});
