import type { Cache, WindowHit } from './types';

interface Entry {
  value: string;
  expiresAt: number; // ms epoch; Infinity when no ttl
}

/** In-process cache for a single instance without Redis. */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private store = new Map<string, Entry>();
  private sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const e = this.store.get(key);
    if (e && e.expiresAt <= Date.now()) {
      this.store.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.store) if (e.expiresAt <= now) this.store.delete(k);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number) {
    this.store.set(key, { value, expiresAt: ttlMs ? Date.now() + ttlMs : Infinity });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    this.store.set(key, { value, expiresAt: Date.now() + ttlMs });
    return true;
  }

  async del(...keys: string[]) {
    for (const k of keys) this.store.delete(k);
  }

  async hitWindow(key: string, windowMs: number): Promise<WindowHit> {
    const now = Date.now();
    const e = this.live(key);
    if (!e) {
      this.store.set(key, { value: '1', expiresAt: now + windowMs });
      return { count: 1, resetMs: windowMs };
    }
    e.value = String(Number(e.value) + 1);
    return { count: Number(e.value), resetMs: e.expiresAt - now };
  }

  async releaseWindow(key: string) {
    const e = this.live(key);
    if (e && Number(e.value) > 0) e.value = String(Number(e.value) - 1);
  }

  async ping() {}
}
