// A cache-manager-shaped store over Redis for Lumi's CachedLibraryStorage, so every instance sees the same
// library metadata and an install on one instance invalidates the cache of all of them.
import type Redis from 'ioredis';
import { log } from '@/lib/log';

const PREFIX = 'h5p:libcache:';
const TTL_SECONDS = 24 * 60 * 60;
const UNDEF = '__undefined__';

export interface CacheManagerLike {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T): Promise<void>;
  del(key: string): Promise<void>;
  reset(): Promise<void>;
  wrap<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

export class RedisLibraryCache implements CacheManagerLike {
  constructor(private readonly redis: Redis) {}

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.redis.get(PREFIX + key);
    if (raw === null || raw === UNDEF) return undefined;
    return JSON.parse(raw) as T;
  }

  async set<T>(key: string, value: T): Promise<void> {
    await this.redis.set(PREFIX + key, value === undefined ? UNDEF : JSON.stringify(value), 'EX', TTL_SECONDS);
  }

  async del(key: string): Promise<void> {
    await this.redis.del(PREFIX + key);
  }

  async reset(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
      if (keys.length) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async wrap<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let raw: string | null = null;
    try {
      raw = await this.redis.get(PREFIX + key);
    } catch (err) {
      log.warn({ err }, 'library cache unavailable; reading storage directly');
      return fn();
    }
    if (raw !== null) return (raw === UNDEF ? undefined : JSON.parse(raw)) as T;
    const value = await fn();
    await this.set(key, value).catch(() => undefined);
    return value;
  }
}
