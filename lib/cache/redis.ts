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

export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  readonly client: RedisWithScripts;

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
  }

  async get(key: string) {
    return this.client.get(key);
  }

  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs) await this.client.set(key, value, 'PX', ttlMs);
    else await this.client.set(key, value);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.client.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async del(...keys: string[]) {
    if (keys.length) await this.client.del(...keys);
  }

  async hitWindow(key: string, windowMs: number): Promise<WindowHit> {
    const [count, ttl] = await this.client.hitWindow(key, windowMs);
    return { count: Number(count), resetMs: Number(ttl) };
  }

  async ping() {
    await this.client.ping();
  }
}
