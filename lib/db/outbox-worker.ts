// The loop every instance runs over a durable outbox table (the xAPI LRS outbox, the LTI grade passback): poll it,
// and drain at once when this process queued something (nudge). One drain at a time per process; a nudge during a
// drain makes it go round again. Rows are claimed by the `once` function itself (a lease in SQL), so instances
// never send the same rows together.
import { log } from '@/lib/log';

export interface OutboxWorker {
  /** starts the polling of this process (idempotent) */
  start(): void;
  /** drains now, when started */
  nudge(): void;
}

interface Options {
  pollMs: number;
  /** rows one call of `once` claims at most: a full batch means there may be more */
  batch: number;
  /** calls of `once` per drain round, at most */
  rounds: number;
  /** a round that had failures ends the drain (the rest waits for its backoff) */
  stopOnFailure?: boolean;
  once: () => Promise<{ sent: number; failed: number }>;
}

type State = { timer?: NodeJS.Timeout; running?: Promise<unknown>; again?: boolean };
const g = globalThis as unknown as { __lumenOutboxWorkers?: Map<string, State> };

export function outboxWorker(name: string, o: Options): OutboxWorker {
  const state = (): State => {
    g.__lumenOutboxWorkers ??= new Map();
    let s = g.__lumenOutboxWorkers.get(name);
    if (!s) g.__lumenOutboxWorkers.set(name, (s = {}));
    return s;
  };
  const drain = () => {
    const s = state();
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = (async () => {
      do {
        s.again = false;
        for (let i = 0; i < o.rounds; i++) {
          const r = await o.once();
          if (r.sent + r.failed < o.batch || (o.stopOnFailure && r.failed)) break;
        }
      } while (s.again);
    })()
      .catch((err: unknown) => log.warn({ err: (err as Error).message }, `${name} stopped; retrying`))
      .finally(() => (state().running = undefined));
  };
  return {
    start() {
      const s = state();
      if (s.timer) return;
      s.timer = setInterval(drain, o.pollMs);
      s.timer.unref();
    },
    nudge() {
      if (state().timer) drain();
    },
  };
}
