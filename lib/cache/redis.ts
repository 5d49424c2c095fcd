import Redis from 'ioredis';
import type { Cache, WindowHit } from './types';

// INCR and set the window's expiry on the first hit, in one atomic script (shared by all instances).
const HIT_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

type RedisWithScripts = Redis & { hitWindow(key: string, windowMs: number): Promise<[number, number]> };

const FIRST_CONNECT_WAIT_MS = 1_500;

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  readonly client: RedisWithScripts;
  private firstReady: Promise<void>;

  constructor(url: string) {
    const client = new Redis(url, {
      lazyConnect: false,
      // fail fast when Redis is down instead of queueing requests behind a reconnect
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    client.on('error', () => {
      /* reported by health checks and callers; ioredis reconnects by itself */
    });
    client.defineCommand('hitWindow', { numberOfKeys: 1, lua: HIT_WINDOW });
    this.client = client as RedisWithScripts;
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
    const [count, ttl] = await (await this.ready()).hitWindow(key, windowMs);
    return { count: Number(count), resetMs: Number(ttl) };
  }

  async ping() {
    await (await this.ready()).ping();
  }
}
