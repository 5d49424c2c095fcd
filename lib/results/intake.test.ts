// The stored attempt's id (issue 24 item 9). What each statement gives the roll-up is unit-tested in rollup.test.ts;
// the roll-up itself and the attempt's kind (view, attempt, preview) are one SQL statement in intake.ts, covered by
// the integration tests.
import { describe, expect, it } from 'vitest';
import { attemptIdOf } from './intake';

describe('attemptIdOf', () => {
  it('is a stable v4-shaped UUID per learner, content and player attempt (case of the attempt id ignored)', () => {
    const id = attemptIdOf('user:u1', 'c1', 'ABC');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(attemptIdOf('user:u1', 'c1', 'abc')).toBe(id);
  });
  it('differs for another learner or content', () => {
    const id = attemptIdOf('user:u1', 'c1', 'abc');
    expect(attemptIdOf('user:u2', 'c1', 'abc')).not.toBe(id);
    expect(attemptIdOf('user:u1', 'c2', 'abc')).not.toBe(id);
  });
});
