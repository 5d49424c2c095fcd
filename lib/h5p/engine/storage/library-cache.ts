// A cache-manager-shaped store for Lumi's CachedLibraryStorage, in-process (lib/cache/local.ts): library metadata,
// dependency lists and file lists are read without a round trip. An install or update on any instance drops the
// entries it names on every instance (CachedLibraryStorage calls del/reset; those are published through Redis), and
// any change to h5p_libraries empties every instance's copy (announced by the database).
import { invalidate, localCache } from '@/lib/cache/local';

const TTL_MS = 60 * 60_000;
const UNDEF = Symbol('undefined');
const entries = () => localCache<unknown>('libraries', { ttlMs: TTL_MS, max: 50_000, maxBytes: 32 * 1024 * 1024 });

export interface CacheManagerLike {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T): Promise<void>;
  del(key: string): Promise<void>;
  reset(): Promise<void>;
  wrap<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/** Values are shared by every caller: Lumi reads them without changing them (metadata, lists, parsed JSON). */
export class LocalLibraryCache implements CacheManagerLike {
  async get<T>(key: string): Promise<T | undefined> {
    const v = entries().get(key);
    return (v === UNDEF ? undefined : v) as T | undefined;
  }

  async set<T>(key: string, value: T): Promise<void> {
    entries().set(key, value === undefined ? UNDEF : value);
  }

  async del(key: string): Promise<void> {
    await invalidate('libraries', key);
  }

  async reset(): Promise<void> {
    await invalidate('libraries');
  }

  async wrap<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const v = await entries().getOrLoad(key, async () => {
      const value = await fn();
      return value === undefined ? UNDEF : value;
    });
    return (v === UNDEF ? undefined : v) as T;
  }
}
