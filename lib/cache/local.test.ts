import { beforeAll, describe, expect, it } from 'vitest';
import { approxBytes, bus, DEFAULT_MAX_BYTES, LocalCache, localCache } from './local';

beforeAll(() => bus().setWatching(true)); // caches are bypassed until the database watch is up

describe('LocalCache bounds', () => {
  it('drops the oldest entries when the bytes it holds would pass maxBytes', () => {
    const c = new LocalCache<string>('t-bytes', { ttlMs: 60_000, max: 1_000, maxBytes: 10_000 });
    for (let i = 0; i < 10; i++) c.set(`k${i}`, 'x'.repeat(2_000));
    expect(c.heldBytes).toBeLessThanOrEqual(10_000);
    expect(c.size).toBe(4);
    expect(c.get('k0')).toBeUndefined();
    expect(c.get('k9')).toBe('x'.repeat(2_000));
  });

  it('serves but never keeps a value larger than the whole cache may hold', () => {
    const c = new LocalCache<string>('t-large', { ttlMs: 60_000, max: 1_000, maxBytes: 1_000 });
    c.set('small', 'a');
    c.set('big', 'x'.repeat(5_000));
    expect(c.get('big')).toBeUndefined();
    expect(c.get('small')).toBe('a');
  });

  it('keeps the entry bound and counts a replaced key once', () => {
    const c = new LocalCache<number>('t-count', { ttlMs: 60_000, max: 3 });
    for (let i = 0; i < 5; i++) c.set(`k${i}`, i);
    c.set('k4', 44);
    expect(c.size).toBe(3);
    expect([c.get('k1'), c.get('k2'), c.get('k4')]).toEqual([undefined, 2, 44]);
    const before = c.heldBytes;
    c.set('k4', 45);
    expect(c.heldBytes).toBe(before);
  });

  it('sweeps expired entries at the head when it sets', () => {
    const c = new LocalCache<string>('t-expiry', { ttlMs: 60_000, max: 1_000 });
    c.set('old', 'v', -1);
    c.set('new', 'w');
    expect(c.size).toBe(1);
    c.delete('new');
    expect(c.heldBytes).toBe(0);
  });

  it('takes the larger bounds when several modules name the same cache', () => {
    const a = localCache<string>('t-shared', { ttlMs: 1_000, max: 1 });
    localCache<string>('t-shared', { ttlMs: 1_000, max: 2, maxBytes: DEFAULT_MAX_BYTES * 2 });
    a.set('a', '1');
    a.set('b', '2');
    expect(a.size).toBe(2);
  });
});

describe('approxBytes', () => {
  it('counts strings by length, nested objects and arrays, buffers by their bytes, cycles once', () => {
    expect(approxBytes('abcd')).toBe(20);
    expect(approxBytes(Buffer.alloc(1_000))).toBeGreaterThanOrEqual(1_000);
    const o: Record<string, unknown> = { s: 'x'.repeat(10_000), list: [1, 2, 'abc'] };
    o.self = o;
    const n = approxBytes(o);
    expect(n).toBeGreaterThan(10_000);
    expect(n).toBeLessThan(10_300);
  });
});
