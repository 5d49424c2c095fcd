// The loop every instance runs over a durable outbox table (the xAPI LRS outbox, the LTI grade passback): poll it,
// and drain at once when this process queued something (nudge). One drain at a time per process; a nudge during a
// drain makes it go round again. Rows are claimed by the `once` function itself (a lease in SQL), so instances
// never send the same rows together.
//
// A feature that queues rows for another feature's outbox nudges it by name (nudgeOutbox(OUTBOX.gradePassback)):
// the queueing side (lib/results/intake.ts) does not import the sending side (lib/lti/passback.ts).
import { log } from '@/lib/log';

/** The outboxes, by name: the worker registered under the name drains it. */
export const OUTBOX = {
  /** xapi_outbox → the configured LRS (lib/results/lrs.ts) */
  lrsForwarding: 'xAPI LRS forwarding',
  /** grade_passback → the LTI platform's AGS score service (lib/lti/passback.ts) */
  gradePassback: 'LTI grade passback',
} as const;
export type OutboxName = (typeof OUTBOX)[keyof typeof OUTBOX];

/** Seconds until a failed row is tried again: 2, 4, 8 … at most an hour. */
export const backoffSeconds = (tries: number) => Math.min(3600, 2 ** Math.max(1, Math.min(tries, 12)));

export interface OutboxWorker {
  /** starts the polling of this process (idempotent) */
  start(): void;
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

type State = { timer?: NodeJS.Timeout; running?: Promise<unknown>; again?: boolean; drain?: () => void };
const g = globalThis as unknown as { __lumenOutboxWorkers?: Map<string, State> };

export function outboxWorker(name: OutboxName, o: Options): OutboxWorker {
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
  state().drain = drain;
  return {
    start() {
      const s = state();
      if (s.timer) return;
      s.timer = setInterval(drain, o.pollMs);
      s.timer.unref();
    },
  };
}

/** Drains the named outbox now, when this process has started its worker (else its next poll sends the rows). */
export function nudgeOutbox(name: OutboxName): void {
  const s = g.__lumenOutboxWorkers?.get(name);
  if (s?.timer) s.drain?.();
}
