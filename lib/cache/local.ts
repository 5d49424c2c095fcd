// In-process caches in front of the database (sessions, users, tenants, content, library metadata), kept
// coherent across instances through Redis:
// - a change calls `invalidate(cache, keys)`: the keys are dropped here at once, and one atomic Redis script
//   bumps a global generation number and publishes the change; every instance's subscriber drops its copies.
// - every routed request learns the current generation in the same round trip as its rate limit (the window
//   script returns it). When this instance has not yet applied a change that generation says happened, the
//   request waits for the message (a few ms at most) or, failing that, empties every local cache. So a change
//   made through one instance is served by every other at once, with no extra round trip per request. The player's
//   calls with a content token read it on the token's first call on an instance; after that their counts go to
//   Redis in batches (lib/http/rate-batch.ts) and they see changes as the messages bring them (a batch's answer
//   carries the generation, so a missed message is caught within one batch).
// - while the subscriber is down (Redis unreachable), local caches are bypassed: nothing is served that a
//   missed change could have made stale.
// - a change made outside the app (another service, an operator's SQL) reaches every instance too: database
//   triggers announce changed rows at commit and each instance's database watch drops them (lib/db/watch.ts).
// Without Redis (one instance on the embedded defaults) invalidation is local plus the database's announcements.
import { log } from '@/lib/log';

export interface LocalCacheOptions {
  /** how long an entry is served without asking the source again */
  ttlMs: number;
  /** entries kept (least recently set dropped first) */
  max: number;
  /**
   * bytes kept, as estimated by `approxBytes` (least recently set dropped first; a value larger than this is not
   * kept at all). Default DEFAULT_MAX_BYTES: an entry count alone bounds nothing when entries can be large.
   */
  maxBytes?: number;
}

const MiB = 1024 * 1024;
/** the byte bound of a cache that names none */
export const DEFAULT_MAX_BYTES = 8 * MiB;

/**
 * A rough size in bytes of a value as V8 holds it (strings one byte a character, 8 bytes a number or reference,
 * a few words of header per object), for the caches' byte bounds: counted once per set, never per read.
 */
export function approxBytes(value: unknown, seen: Set<object> = new Set()): number {
  switch (typeof value) {
    case 'string':
      return 16 + value.length;
    case 'object': {
      if (value === null) return 8;
      if (seen.has(value)) return 8;
      seen.add(value);
      if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
      if (value instanceof ArrayBuffer) return 32 + value.byteLength;
      if (value instanceof Date) return 32;
      let n = 32;
      if (Array.isArray(value)) {
        for (const v of value) n += 8 + (typeof v === 'object' || typeof v === 'string' ? approxBytes(v, seen) : 0);
        return n;
      }
      if (value instanceof Map) {
        for (const [k, v] of value) n += 16 + approxBytes(k, seen) + approxBytes(v, seen);
        return n;
      }
      if (value instanceof Set) {
        for (const v of value) n += 16 + approxBytes(v, seen);
        return n;
      }
      for (const k in value) {
        const v = (value as Record<string, unknown>)[k];
        n += 16 + (typeof v === 'object' || typeof v === 'string' ? approxBytes(v, seen) : 0);
      }
      return n;
    }
    default:
      return 8;
  }
}

interface Entry<T> {
  value: T;
  expiresAt: number;
  /** approxBytes of key and value */
  bytes: number;
}

export class LocalCache<T> {
  private entries = new Map<string, Entry<T>>();
  private loading = new Map<string, Promise<T>>();
  private bytes = 0;
  private maxBytes: number;
  /** bumped on every change to this cache, so a load in flight does not cache a value read before it */
  private epoch = 0;

  constructor(
    readonly name: string,
    private opts: LocalCacheOptions,
  ) {
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  get(key: string): T | undefined {
    if (!bus().usable()) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: T, ttlMs = this.opts.ttlMs): void {
    if (!bus().usable()) return;
    this.remove(key);
    const bytes = 48 + key.length + approxBytes(value);
    if (bytes > this.maxBytes) return; // larger than the whole cache may hold: served, never kept
    const now = Date.now();
    // oldest first (the order of setting): what expired at the head, then what exceeds the bounds
    for (const [k, e] of this.entries) {
      if (e.expiresAt > now && this.entries.size < this.opts.max && this.bytes + bytes <= this.maxBytes) break;
      this.remove(k);
    }
    this.entries.set(key, { value, expiresAt: now + ttlMs, bytes });
    this.bytes += bytes;
  }

  /** bytes held (approxBytes of every entry) */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Raises the bounds to those of `opts` where they are higher (several modules may name the same cache). */
  widen(opts: LocalCacheOptions): void {
    // called on every use of a cache (its accessor): nothing is allocated unless a bound grows
    if (opts.max > this.opts.max) this.opts = { ...this.opts, max: opts.max };
    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    if (maxBytes > this.maxBytes) this.maxBytes = maxBytes;
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  /** The cached value, or the loader's (one load per key at a time; a generation change drops a load in flight). */
  async getOrLoad(key: string, loader: () => Promise<T>, ttlMs?: number | ((value: T) => number)): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now() && bus().usable()) return hit.value;
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const epoch = this.epoch;
    const p = loader().then(
      (value) => {
        this.loading.delete(key);
        // a change applied while loading may not be in the value: keep it out of the cache
        const ttl = typeof ttlMs === 'function' ? ttlMs(value) : ttlMs;
        if (this.epoch === epoch && ttl !== 0) this.set(key, value, ttl);
        return value;
      },
      (err: unknown) => {
        this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, p);
    return p;
  }

  delete(...keys: string[]): void {
    this.epoch++;
    for (const k of keys) {
      this.remove(k);
      this.loading.delete(k);
    }
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Changes with every key dropped or cache emptied: what was derived from this cache at one version is stale at another. */
  get version(): number {
    return this.epoch;
  }
}

/** How changes reach the other instances (the Redis cache implements it). */
export interface InvalidationTransport {
  /** bumps the global generation and publishes the message; resolves with the new generation */
  publish(message: string): Promise<number>;
}

const CLEAR_ALL = '*';
const APPLY_WAIT_MS = 100;

class Bus {
  /** the generation of the last change applied here (messages arrive in order) */
  applied = 0;
  /** false while the Redis subscriber is down: caches are bypassed */
  private subscribed = true;
  /** false while the database watch (lib/db/watch.ts) is down: caches are bypassed */
  private watching = false;
  transport: InvalidationTransport | undefined;
  private waiters: { gen: number; resolve: () => void }[] = [];
  caches = new Map<string, LocalCache<unknown>>();

  usable(): boolean {
    return this.subscribed && this.watching;
  }

  /** The database watch is down, or back (changes may have been missed meanwhile: start empty). */
  setWatching(up: boolean): void {
    this.clearAll();
    this.watching = up;
  }

  /** The subscriber is down (or back, with the generation read right after subscribing). */
  setSubscribed(up: boolean, generation?: number): void {
    this.clearAll();
    this.subscribed = up;
    if (up && generation !== undefined) this.advance(generation);
  }

  private advance(gen: number) {
    if (gen > this.applied) this.applied = gen;
    this.waiters = this.waiters.filter((w) => {
      if (w.gen > this.applied) return true;
      w.resolve();
      return false;
    });
  }

  clearAll(): void {
    for (const c of this.caches.values()) c.clear();
  }

  apply(message: string): void {
    const [cacheName, ...keys] = message.split('\t');
    const c = cacheName === CLEAR_ALL ? undefined : this.caches.get(cacheName ?? '');
    if (cacheName === CLEAR_ALL) this.clearAll();
    else if (c && keys[0] === CLEAR_ALL) c.clear();
    else c?.delete(...keys);
  }

  /** A message from another instance (or this one) published as generation `gen`. */
  receive(gen: number, message: string): void {
    // a gap means a message was missed (a reconnect): nothing cached can be trusted
    if (this.applied && gen > this.applied + 1) this.clearAll();
    else this.apply(message);
    this.advance(gen);
  }

  /** Whether a request that saw generation `gen` in Redis must wait for changes (sync) before it reads a cache. */
  behind(gen: number | undefined): boolean {
    return gen !== undefined && gen > this.applied && !!this.transport;
  }

  /** A request saw generation `gen` in Redis: changes up to it must be applied before it reads a cache. */
  async sync(gen: number | undefined): Promise<void> {
    if (gen === undefined || gen <= this.applied || !this.transport) return;
    const caught = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), APPLY_WAIT_MS);
      this.waiters.push({
        gen,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      });
    });
    if (!caught) {
      log.warn({ gen, applied: this.applied }, 'cache invalidation message late: local caches emptied');
      this.clearAll();
      this.advance(gen);
    }
  }
}

const g = globalThis as unknown as { __lumenCacheBus?: Bus };
/** One bus per process (Next bundles modules more than once: the state lives on globalThis). */
export function bus(): Bus {
  g.__lumenCacheBus ??= new Bus();
  return g.__lumenCacheBus;
}

/** The process's local cache of this name (created on first use). */
export function localCache<T>(name: string, opts: LocalCacheOptions): LocalCache<T> {
  const b = bus();
  let c = b.caches.get(name);
  if (!c) {
    c = new LocalCache<unknown>(name, opts);
    b.caches.set(name, c);
  } else c.widen(opts);
  return c as LocalCache<T>;
}

/** The version of a local cache (LocalCache.version); 0 before its first use. */
export const cacheVersion = (name: string): number => bus().caches.get(name)?.version ?? 0;

/**
 * Drops keys of a local cache on every instance (no key: the whole cache). Resolves once the change is published,
 * so a reply sent after it is never followed by a stale read on another instance.
 */
export async function invalidate(cacheName: string, ...keys: string[]): Promise<void> {
  const b = bus();
  const c = b.caches.get(cacheName);
  if (keys.length) c?.delete(...keys);
  else c?.clear();
  if (!b.transport) return;
  const message = [cacheName, ...(keys.length ? keys : [CLEAR_ALL])].join('\t');
  try {
    await b.transport.publish(message);
  } catch (err) {
    // the other instances cannot hear it: their subscribers are down too, and they bypass their caches
    log.warn({ err: (err as Error).message, cache: cacheName }, 'cache invalidation not published');
  }
}
