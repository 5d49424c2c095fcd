import { describe, expect, it } from 'vitest';
import { plannedOrder } from './service';

describe('plannedOrder', () => {
  it('applies a full permutation exactly', () => {
    expect(plannedOrder(['a', 'b', 'c'], [{ id: 'c', position: 0 }, { id: 'a', position: 1 }, { id: 'b', position: 2 }])).toEqual(['c', 'a', 'b']);
  });

  it('moves one item and keeps the others in their order', () => {
    expect(plannedOrder(['a', 'b', 'c', 'd'], [{ id: 'd', position: 1 }])).toEqual(['a', 'd', 'b', 'c']);
  });

  it('clamps positions past the end to the last slot', () => {
    expect(plannedOrder(['a', 'b', 'c'], [{ id: 'a', position: 99 }])).toEqual(['b', 'c', 'a']);
  });

  it('puts colliding positions in the next free slot', () => {
    expect(plannedOrder(['a', 'b', 'c'], [{ id: 'c', position: 0 }, { id: 'b', position: 0 }])).toEqual(['c', 'b', 'a']);
  });
});
