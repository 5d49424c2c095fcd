// Issue 26 item 1: the player tier's windows counted in each instance between batched round trips
// (lib/http/rate-batch.ts), on the real Redis: two BatchedWindows over one store stand for two instances.
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchedWindows, type WindowStore } from '@/lib/http/rate-batch';
import { bus, localCache } from '@/lib/cache/local';
import { GENERATION_KEY, RedisCache } from '@/lib/cache/redis';
import { testRedisUrl } from '../support/env';

const WINDOW_MS = 15 * 60 * 1000;
/**
 * A Redis database of its own: the generation test bumps the generation without a message, which would make every
 * app instance of the other test files (database 15) empty its caches.
 */
const redisUrl = () => {
  const url = new URL(testRedisUrl());
  url.pathname = '/11';
  return url.toString();
};
let store: RedisCache;
let raw: Redis;
const key = () => `rl:PLAYER:player:test-${randomUUID()}`;

beforeAll(async () => {
  store = new RedisCache(redisUrl());
  raw = new Redis(redisUrl());
  await store.ping();
  // (never emptied: the generation only grows, as the subscriber read it at start)
});

afterAll(async () => {
  store.client.disconnect();
  store.subscriber?.disconnect();
  raw.disconnect();
});

/** An instance: its first hit of a window goes to the store, the others are counted here (as lib/http/rate-limit.ts does). */
function instance(opts: { flushMs?: number; maxWindows?: number } = {}, of: WindowStore = store) {
  const windows = new BatchedWindows(of, WINDOW_MS, { flushMs: 60_000, ...opts });
  return {
    windows,
    async hit(k: string): Promise<number> {
      const local = windows.hit(k);
      if (local) return local.count;
      const answer = await store.hitWindow(k, WINDOW_MS);
      windows.learn(k, answer);
      return answer.count;
    },
  };
}

describe('batched rate-limit windows on the shared store', () => {
  it('counts exactly on one instance: the first hit in the store, the rest here, all of them in the store after a flush', async () => {
    const a = instance();
    const k = key();
    const counts: number[] = [];
    for (let i = 0; i < 100; i++) counts.push(await a.hit(k));
    expect(counts).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // only the first reached the store so far
    expect(await raw.get(k)).toBe('1');
    await a.windows.flush();
    expect(await raw.get(k)).toBe('100');
    const ttl = await raw.pttl(k);
    expect(ttl).toBeGreaterThan(WINDOW_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
    // the count goes on from the store's answer
    expect(await a.hit(k)).toBe(101);
  });

  it('two instances: each learns the other\'s hits at its flush, and both refuse past the limit', async () => {
    const a = instance();
    const b = instance();
    const k = key();
    for (let i = 0; i < 300; i++) await a.hit(k);
    for (let i = 0; i < 300; i++) await b.hit(k);
    // each knows its own hits only until it sends them
    expect(await a.hit(k)).toBe(301);
    await a.windows.flush();
    await b.windows.flush();
    expect(await raw.get(k)).toBe('601');
    // b's answer had every hit sent so far
    expect(await b.hit(k)).toBe(602);
    // a knows what it sent and its own hits since: b's reach it with the answer to its next batch
    expect(await a.hit(k)).toBe(303);
    await a.windows.flush();
    expect(await a.hit(k)).toBe(603);
    await b.windows.flush();
    expect(await b.hit(k)).toBe(604);
    await a.windows.flush();
    await b.windows.flush();
    expect(await raw.get(k)).toBe('605');
    // past the player tier's 600 on both
    expect(await a.hit(k)).toBeGreaterThan(600);
    expect(await b.hit(k)).toBeGreaterThan(600);
  });

  it('sends many windows in one script call, each with its own total and the window\'s expiry', async () => {
    const a = instance();
    const ks = Array.from({ length: 1_200 }, key);
    for (const k of ks) {
      await a.hit(k);
      a.windows.hit(k);
      a.windows.hit(k);
    }
    await a.windows.flush();
    const totals = await raw.mget(...ks);
    expect(new Set(totals)).toEqual(new Set(['3']));
    const ttls = await Promise.all(ks.slice(0, 20).map((k) => raw.pttl(k)));
    for (const t of ttls) expect(t).toBeGreaterThan(0);
  });

  it('flushes by itself after flushMs', async () => {
    const a = instance({ flushMs: 50 });
    const k = key();
    for (let i = 0; i < 10; i++) await a.hit(k);
    await new Promise((r) => setTimeout(r, 400));
    expect(await raw.get(k)).toBe('10');
  });

  it('a window deleted in the store starts again from the store\'s answer', async () => {
    const a = instance();
    const k = key();
    for (let i = 0; i < 50; i++) await a.hit(k);
    await a.windows.flush();
    await raw.del(k);
    a.windows.hit(k);
    await a.windows.flush();
    expect(await raw.get(k)).toBe('1');
    expect(a.windows.hit(k)?.count).toBe(2);
  });

  it('keeps the hits when the store fails and sends them once it answers again', async () => {
    let down = true;
    const flaky: WindowStore = {
      addWindows: (hits, windowMs) => (down ? Promise.reject(new Error('connection refused')) : store.addWindows(hits, windowMs)),
    };
    const a = instance({}, flaky);
    const k = key();
    for (let i = 0; i < 20; i++) await a.hit(k);
    await a.windows.flush();
    expect(await raw.get(k)).toBe('1');
    // meanwhile the instance's own count goes on
    expect(a.windows.hit(k)?.count).toBe(21);
    down = false;
    await a.windows.flush();
    expect(await raw.get(k)).toBe('21');
    expect(a.windows.hit(k)?.count).toBe(22);
  });

  it('a flush brings the cache generation: a change this instance missed empties its local caches', async () => {
    bus().setWatching(true);
    // the subscriber of this process is up once it has read the generation
    for (let i = 0; i < 50 && !bus().usable(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(bus().usable()).toBe(true);
    const cached = localCache<string>('rate-batch-test', { ttlMs: 60_000, max: 10 });
    cached.set('x', 'stale');
    expect(cached.get('x')).toBe('stale');
    // a change announced by bumping the generation whose message never arrives here
    await raw.incr(GENERATION_KEY);
    const a = instance();
    const k = key();
    await a.hit(k);
    a.windows.hit(k);
    await a.windows.flush();
    // the instance waits a moment (100 ms) for the message, then drops what it holds
    for (let i = 0; i < 100 && cached.get('x') !== undefined; i++) await new Promise((r) => setTimeout(r, 30));
    expect(cached.get('x')).toBeUndefined();
    expect(bus().behind(Number(await raw.get(GENERATION_KEY)))).toBe(false);
  });

  it('keeps at most maxWindows, dropping the oldest with nothing left to send', async () => {
    const a = instance({ maxWindows: 100 });
    const ks = Array.from({ length: 150 }, key);
    for (const k of ks) await a.hit(k);
    expect(a.windows.size).toBeLessThanOrEqual(100);
    // a dropped window is counted in the store again at its next hit, with its total
    expect(a.windows.hit(ks[0]!)).toBeNull();
    expect(await a.hit(ks[0]!)).toBe(2);
    expect(a.windows.hit(ks[149]!)?.count).toBe(2);
  });
});
