// Rate-limit windows counted in this instance between batched round trips to the shared store (issue 26 item 1).
//
// A tier counted here (the player's calls with a content token: its page, model, saved states and statements — the
// most frequent requests of a school) makes no store round trip per request once this instance knows the window:
// - the first hit of a window on this instance is counted in the store at once (exact, like every other tier) and
//   brings the window's total, its end and the cache generation (lib/cache/local.ts);
// - later hits are counted here: the window's total is the store's last answer plus the hits this instance has not
//   yet sent, so on one instance the count is exact;
// - every FLUSH_MS the hits not yet sent leave in one script call for all windows (INCRBY each), which answers every
//   window's new total and the cache generation: changes another instance announced and this one has not yet applied
//   are then applied (or the local caches emptied), so a missed invalidation message cannot outlive one flush.
// What this gives up, by design: with several instances, a window's total lags by the hits the other instances have
// not yet sent (at most FLUSH_MS of them), so a viewer may exceed the limit by what they can send in that time on
// each instance before every instance refuses; and a process that dies loses at most FLUSH_MS of counts. A content
// token names one viewer (or one snippet per address) with a budget of hundreds of calls per window, so neither
// changes who gets refused. Read-your-writes: a token seen for the first time on an instance takes the exact round
// trip, so a change made before the token was issued (an edit, then a view) is applied before its first call reads a
// cache; after that the player's calls see changes as the invalidation messages bring them (milliseconds).
import type { Cache, WindowHit } from '@/lib/cache';
import { bus } from '@/lib/cache/local';
import { log } from '@/lib/log';

/** How long hits wait before they are sent to the store (RATE_LIMIT_BATCH_MS). */
export const FLUSH_MS = 100;
/** windows sent in one script call */
const BATCH_KEYS = 500;
/** windows kept at most (a content token's window is ~150 bytes: a few MB) */
export const MAX_WINDOWS = 50_000;
/** how often windows that have ended are dropped */
const SWEEP_MS = 10_000;

/** What the store does for a batch (the shared cache's addWindows): adds each window's hits, answers every total. */
export type WindowStore = Required<Pick<Cache, 'addWindows'>>;

interface Window {
  /** the window's total in the store at its last answer (every instance's hits sent until then) */
  shared: number;
  /** this instance's hits sent and not yet answered */
  inFlight: number;
  /** this instance's hits not yet sent */
  pending: number;
  /** when the window ends (ms epoch) */
  resetAt: number;
}

export interface BatchedWindowsOptions {
  flushMs?: number;
  maxWindows?: number;
}

export class BatchedWindows {
  private windows = new Map<string, Window>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private lastSweep = Date.now();
  private failing = false;
  private readonly flushMs: number;
  private readonly maxWindows: number;

  constructor(
    private readonly store: WindowStore,
    private readonly windowMs: number,
    opts: BatchedWindowsOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? FLUSH_MS;
    this.maxWindows = opts.maxWindows ?? MAX_WINDOWS;
  }

  /** windows known here */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Counts a hit of a window this instance knows and answers its total and end; null when the window is not known
   * here (or has ended): then the hit must be counted in the store at once, and `learn` told its answer.
   */
  hit(key: string, now = Date.now()): WindowHit | null {
    const w = this.windows.get(key);
    if (!w || now >= w.resetAt) return null;
    w.pending++;
    this.schedule();
    return { count: w.shared + w.inFlight + w.pending, resetMs: w.resetAt - now };
  }

  /** The store's answer to a hit counted there at once: the window's later hits on this instance are counted here. */
  learn(key: string, answer: WindowHit, now = Date.now()): void {
    const w = this.windows.get(key);
    if (w && now < w.resetAt) {
      // another first hit of the same window answered first: the larger total is the later one
      w.shared = Math.max(w.shared, answer.count);
      return;
    }
    // a window that ended here with hits not yet sent: they belonged to it, not to the new one
    if (w) this.windows.delete(key);
    else if (this.windows.size >= this.maxWindows) this.evict(now);
    this.windows.set(key, { shared: answer.count, inFlight: 0, pending: 0, resetAt: now + answer.resetMs });
  }

  /** Forgets a window (its store key was cleared). */
  forget(key: string): void {
    this.windows.delete(key);
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => void this.flush(), this.flushMs);
    this.timer.unref?.();
  }

  /** Sends every hit not yet sent (also called by tests and at shutdown); resolves when the store has answered. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // one batch at a time: a flush asked for during another runs after it
    const run: Promise<void> = (this.flushing ?? Promise.resolve()).then(() => this.send());
    const tracked: Promise<void> = run.finally(() => {
      if (this.flushing !== tracked) return;
      this.flushing = undefined;
      for (const w of this.windows.values()) {
        if (w.pending > 0) {
          this.schedule();
          break;
        }
      }
    });
    this.flushing = tracked;
    return tracked;
  }

  private async send(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep >= SWEEP_MS) this.sweep(now);
    const batch: { key: string; n: number; w: Window }[] = [];
    for (const [key, w] of this.windows) {
      if (w.pending === 0) continue;
      batch.push({ key, n: w.pending, w });
      w.inFlight += w.pending;
      w.pending = 0;
    }
    for (let i = 0; i < batch.length; i += BATCH_KEYS) {
      const part = batch.slice(i, i + BATCH_KEYS);
      try {
        const { generation, windows } = await this.store.addWindows(
          part.map(({ key, n }) => ({ key, n })),
          this.windowMs,
        );
        const at = Date.now();
        part.forEach(({ n, w }, j) => {
          const answer = windows[j]!;
          w.inFlight -= n;
          // the store's total includes these hits and every other instance's sent so far
          w.shared = answer.count;
          w.resetAt = at + answer.resetMs;
        });
        if (this.failing) {
          this.failing = false;
          log.warn('rate-limit batches reach the shared store again');
        }
        // changes announced elsewhere that this instance has not applied yet: applied now (or its caches emptied)
        if (bus().behind(generation)) void bus().sync(generation);
      } catch (err) {
        // kept here and sent with the next batch; meanwhile they count in this instance's totals
        for (const { n, w } of part) {
          w.inFlight -= n;
          w.pending += n;
        }
        if (!this.failing) {
          this.failing = true;
          log.warn({ err: (err as Error).message }, 'rate-limit batch not sent to the shared store; counted in this instance until it is back');
        }
      }
    }
  }

  /** Drops the windows that have ended with nothing left to send. */
  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now >= w.resetAt && w.pending === 0 && w.inFlight === 0) this.windows.delete(key);
  }

  /** Room for a new window: the ended ones go, then the oldest known with nothing left to send. */
  private evict(now: number): void {
    this.sweep(now);
    if (this.windows.size < this.maxWindows) return;
    const target = Math.floor(this.maxWindows * 0.9);
    for (const [key, w] of this.windows) {
      if (this.windows.size <= target) break;
      if (w.pending === 0 && w.inFlight === 0) this.windows.delete(key);
    }
  }
}
