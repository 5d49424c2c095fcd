import { describe, expect, it } from 'vitest';
import type { WindowHit } from '@/lib/cache';
import { BatchedWindows, type WindowStore } from './rate-batch';

/** A store that keeps windows in a map, as Redis's script does (tests/integration/rate-batch.test.ts runs the real one). */
function mapStore(windowMs: number) {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const now = 0;
  const store: WindowStore = {
    async addWindows(hits) {
      const out: WindowHit[] = hits.map(({ key, n }) => {
        let w = windows.get(key);
        if (!w || now >= w.endsAt) windows.set(key, (w = { count: 0, endsAt: now + windowMs }));
        w.count += n;
        return { count: w.count, resetMs: w.endsAt - now };
      });
      return { generation: 0, windows: out };
    },
  };
  return { store, windows };
}

describe('BatchedWindows', () => {
  it('does not count a window it does not know: the caller counts it in the store and tells it the answer', () => {
    const b = new BatchedWindows(mapStore(1000).store, 1000, { flushMs: 60_000 });
    expect(b.hit('k', 0)).toBeNull();
    b.learn('k', { count: 1, resetMs: 1000 }, 0);
    expect(b.hit('k', 10)).toEqual({ count: 2, resetMs: 990 });
    expect(b.hit('k', 20)).toEqual({ count: 3, resetMs: 980 });
  });

  it('forgets a window at its end: the next hit goes to the store again, and hits left over do not count in the new one', () => {
    const b = new BatchedWindows(mapStore(1000).store, 1000, { flushMs: 60_000 });
    b.learn('k', { count: 5, resetMs: 1000 }, 0);
    b.hit('k', 500);
    expect(b.hit('k', 1000)).toBeNull();
    b.learn('k', { count: 1, resetMs: 1000 }, 1000);
    expect(b.hit('k', 1001)).toEqual({ count: 2, resetMs: 999 });
  });

  it('keeps the larger total when two first hits of one window answer out of order', () => {
    const b = new BatchedWindows(mapStore(1000).store, 1000, { flushMs: 60_000 });
    b.learn('k', { count: 7, resetMs: 1000 }, 0);
    b.learn('k', { count: 6, resetMs: 1000 }, 0);
    expect(b.hit('k', 1)?.count).toBe(8);
  });

  it('sends the hits not yet sent and takes the store\'s totals, with the window\'s end', async () => {
    const s = mapStore(60_000);
    const b = new BatchedWindows(s.store, 60_000, { flushMs: 60_000 });
    // another instance's hits already in the store
    await s.store.addWindows([{ key: 'k', n: 10 }], 60_000);
    b.learn('k', { count: 11, resetMs: 60_000 });
    for (let i = 0; i < 4; i++) b.hit('k');
    await b.flush();
    expect(s.windows.get('k')?.count).toBe(14);
    expect(b.hit('k')?.count).toBe(15);
  });

  it('a flush asked for during another waits for it and sends what came after', async () => {
    const s = mapStore(60_000);
    let calls = 0;
    const slow: WindowStore = {
      addWindows: async (hits, ms) => {
        calls++;
        await new Promise((r) => setTimeout(r, 20));
        return s.store.addWindows(hits, ms);
      },
    };
    const b = new BatchedWindows(slow, 60_000, { flushMs: 60_000 });
    b.learn('k', { count: 0, resetMs: 60_000 });
    b.hit('k');
    const first = b.flush();
    // the first batch is on its way
    await new Promise((r) => setTimeout(r, 5));
    b.hit('k');
    b.hit('k');
    await Promise.all([first, b.flush()]);
    expect(calls).toBe(2);
    expect(s.windows.get('k')?.count).toBe(3);
    expect(b.hit('k')?.count).toBe(4);
  });
});
