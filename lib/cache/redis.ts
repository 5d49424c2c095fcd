import Redis from 'ioredis';
import { log } from '@/lib/log';
import { bus } from './local';
import type { Cache, WindowHit } from './types';

// INCR and set the window's expiry on the first hit, in one atomic script (shared by all instances); the same
// round trip reads the cache-invalidation generation (lib/cache/local.ts).
const HIT_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
local gen = tonumber(redis.call('GET', KEYS[2]) or '0')
return { count, ttl, gen }
`;

// Many windows' hits at once (lib/http/rate-batch.ts): KEYS[1] the generation, then the windows; ARGV[1] the window's
// length, then each window's hits. Answers the generation, then each window's total and time left.
const ADD_WINDOWS = `
local out = { tonumber(redis.call('GET', KEYS[1]) or '0') }
for i = 2, #KEYS do
  local count = redis.call('INCRBY', KEYS[i], ARGV[i])
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[1]); ttl = tonumber(ARGV[1]) end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
return out
`;

// One hit taken back (a sign-in attempt that turned out not to be a failure): DECR keeps the key's expiry; a window
// that has expired (or never began) is left alone rather than recreated without one.
const RELEASE_WINDOW = `
local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

// A change to cached data: the next generation, published with it (atomically, so generations arrive in order).
const PUBLISH_INVALIDATION = `
local gen = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[1], gen .. ' ' .. ARGV[2])
return gen
`;

export const GENERATION_KEY = 'cache:gen';
/** the channel of a Redis database's instances (pub/sub channels are shared by every database of a server) */
export const invalidationChannel = (db: number | undefined) => `cache:invalidate:${db ?? 0}`;

type RedisWithScripts = Redis & {
  hitWindow(key: string, genKey: string, windowMs: number): Promise<[number, number, number]>;
  releaseWindow(key: string): Promise<number>;
  addWindows(...keysThenArgs: (string | number)[]): Promise<number[]>;
  publishInvalidation(genKey: string, channel: string, message: string): Promise<number>;
};

const FIRST_CONNECT_WAIT_MS = 1_500;

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  readonly client: RedisWithScripts;
  private firstReady: Promise<void>;
  subscriber: Redis | undefined;

  constructor(url: string) {
    const client = new Redis(url, {
      lazyConnect: false,
      // fail fast when Redis is down instead of queueing requests behind a reconnect
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
      // commands issued in the same tick (concurrent requests' rate-limit scripts) leave in one write: under load
      // the socket writes were a fifth of a request's CPU
      enableAutoPipelining: true,
    });
    client.on('error', () => {
      /* reported by health checks and callers; ioredis reconnects by itself */
    });
    client.defineCommand('hitWindow', { numberOfKeys: 2, lua: HIT_WINDOW });
    client.defineCommand('releaseWindow', { numberOfKeys: 1, lua: RELEASE_WINDOW });
    client.defineCommand('addWindows', { lua: ADD_WINDOWS });
    client.defineCommand('publishInvalidation', { numberOfKeys: 1, lua: PUBLISH_INVALIDATION });
    this.client = client as RedisWithScripts;
    this.subscribe(client);
    // Commands are not queued while disconnected (they fail fast, so an outage never hangs a request);
    // only the very first commands of a fresh process wait briefly for the initial connection.
    this.firstReady = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
      timer.unref();
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Listens for cache invalidations of every instance; local caches are bypassed while this is down. */
  private subscribe(client: Redis) {
    const b = bus();
    b.setSubscribed(false);
    const channel = invalidationChannel(client.options.db);
    b.transport = { publish: async (message) => Number(await (await this.ready()).publishInvalidation(GENERATION_KEY, channel, message)) };
    const sub = client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
    sub.on('error', () => undefined);
    sub.on('message', (_channel: string, raw: string) => {
      const space = raw.indexOf(' ');
      b.receive(Number(raw.slice(0, space)), raw.slice(space + 1));
    });
    const down = () => b.usable() && b.setSubscribed(false);
    sub.on('close', down);
    sub.on('end', down);
    // subscribed first, then the generation read: no change can fall between the two
    const arm = () => {
      sub
        .subscribe(channel)
        .then(() => this.ready())
        .then((c) => c.get(GENERATION_KEY))
        .then((gen) => b.setSubscribed(true, Number(gen ?? 0)))
        .catch((err: Error) => {
          log.warn({ err: err.message }, 'cache invalidation subscriber not ready; retrying');
          if (sub.status === 'ready') setTimeout(arm, 500).unref();
        });
    };
    sub.on('ready', arm);
    this.subscriber = sub;
  }

  private async ready(): Promise<RedisWithScripts> {
    if (this.client.status !== 'ready') await this.firstReady;
    return this.client;
  }

  async get(key: string) {
    return (await this.ready()).get(key);
  }

  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs) await (await this.ready()).set(key, value, 'PX', ttlMs);
    else await (await this.ready()).set(key, value);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await (await this.ready()).set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async del(...keys: string[]) {
    if (keys.length) await (await this.ready()).del(...keys);
  }

  async hitWindow(key: string, windowMs: number): Promise<WindowHit> {
    const [count, ttl, gen] = await (await this.ready()).hitWindow(key, GENERATION_KEY, windowMs);
    return { count: Number(count), resetMs: Number(ttl), generation: Number(gen) };
  }

  async releaseWindow(key: string) {
    await (await this.ready()).releaseWindow(key);
  }

  async addWindows(hits: { key: string; n: number }[], windowMs: number): Promise<{ generation: number; windows: WindowHit[] }> {
    // a script without a fixed number of keys takes it first
    const out = await (await this.ready()).addWindows(hits.length + 1, GENERATION_KEY, ...hits.map((h) => h.key), windowMs, ...hits.map((h) => h.n));
    const windows: WindowHit[] = [];
    for (let i = 0; i < hits.length; i++) windows.push({ count: Number(out[1 + 2 * i]), resetMs: Number(out[2 + 2 * i]) });
    return { generation: Number(out[0]), windows };
  }

  async ping() {
    await (await this.ready()).ping();
  }
}
