export interface WindowHit {
  /** requests counted in the current window, this one included */
  count: number;
  /** milliseconds until the window resets */
  resetMs: number;
  /** the shared cache-invalidation generation, read in the same round trip (lib/cache/local.ts); absent without Redis */
  generation?: number;
}

/** The shared cache: Redis in production, an in-process store when REDIS_URL is unset (one instance only). */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets the key only when absent; true when it was set. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  del(...keys: string[]): Promise<void>;
  /** Atomically counts a hit in a fixed window that starts with the first hit. */
  hitWindow(key: string, windowMs: number): Promise<WindowHit>;
  /**
   * Adds each window's hits (a window starts with its first hit) and answers every window's total and end, with the
   * cache generation, in one round trip (lib/http/rate-batch.ts). Only a store shared by instances has it.
   */
  addWindows?(hits: { key: string; n: number }[], windowMs: number): Promise<{ generation: number; windows: WindowHit[] }>;
  /** Atomically takes back one hit of a live window (never below zero; the window keeps its expiry). */
  releaseWindow(key: string): Promise<void>;
  /** Round trip to the store; throws when unreachable. */
  ping(): Promise<void>;
}
