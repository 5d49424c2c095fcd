// xAPI out (issue 11, item 4): statements stored by the intake are forwarded to an external Learning Record Store
// (XAPI_LRS_URL, basic auth XAPI_LRS_KEY / XAPI_LRS_SECRET) through the standard Statements API, from the durable
// outbox table xapi_outbox, so nothing is lost while the LRS is down:
// - every instance polls the outbox (and is nudged by its own intake); a batch is claimed with a lease
//   (FOR UPDATE SKIP LOCKED, next_at moved ahead), so two instances never send the same rows at once;
// - POST /statements with X-Experience-API-Version 1.0.3, up to 50 statements; on 200 the rows go;
// - a 409 (the LRS has some of them already, say after a lost answer) is resolved statement by statement with
//   PUT /statements?statementId=…: 204 and 409 both mean the LRS holds it, so a statement is sent once;
// - anything else (down, 5xx, 429, refused credentials) keeps the rows and retries with exponential backoff
//   (2 s doubling to an hour), recording the last error.
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { backoffSeconds, OUTBOX, outboxWorker } from '@/lib/db/outbox-worker';
import { log } from '@/lib/log';

export const XAPI_VERSION = '1.0.3';
const BATCH = 50;
const POLL_MS = 1_000;
const LEASE_S = 120;
const TIMEOUT_MS = 15_000;

export interface LrsConfig {
  url: string;
  key: string;
  secret: string;
}

/** Seconds to wait after the n-th failed try. */

function headers(lrs: LrsConfig): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'X-Experience-API-Version': XAPI_VERSION,
    Authorization: `Basic ${Buffer.from(`${lrs.key}:${lrs.secret}`).toString('base64')}`,
  };
}

/** The statement as an LRS takes it: `stored` and `authority` are the LRS's to set. */
function outgoing(statement: unknown): Record<string, unknown> {
  const s = { ...(statement as Record<string, unknown>) };
  delete s.stored;
  delete s.authority;
  return s;
}

async function send(lrs: LrsConfig, method: 'POST' | 'PUT', path: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${lrs.url}${path}`, { method, headers: headers(lrs), body: JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  return { status: res.status, text: (await res.text().catch(() => '')).slice(0, 200) };
}

export interface ForwardResult {
  sent: number;
  failed: number;
}

/** Forwards one batch of due outbox rows; what was sent and what stays for later. */
export async function forwardOnce(lrs: LrsConfig): Promise<ForwardResult> {
  const claimed = await db().$queryRaw<{ statement_id: string; tries: number; statement: unknown }[]>`
    WITH due AS (
      SELECT statement_id FROM xapi_outbox WHERE next_at <= now() ORDER BY next_at, statement_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
    ), leased AS (
      UPDATE xapi_outbox o SET next_at = now() + make_interval(secs => ${LEASE_S}), tries = o.tries + 1
      FROM due WHERE o.statement_id = due.statement_id RETURNING o.statement_id, o.tries
    )
    SELECT l.statement_id, l.tries, s.statement FROM leased l JOIN xapi_statements s ON s.id = l.statement_id ORDER BY s."timestamp", s.id`;
  if (!claimed.length) return { sent: 0, failed: 0 };
  const delivered: string[] = [];
  const failures = new Map<string, string>();
  try {
    const res = await send(lrs, 'POST', '/statements', claimed.map((c) => outgoing(c.statement)));
    if (res.status >= 200 && res.status < 300) delivered.push(...claimed.map((c) => c.statement_id));
    else if (res.status === 409) {
      // some are there already: one by one, where 204 (stored now) and 409 (held already) both mean delivered
      for (const c of claimed) {
        try {
          const one = await send(lrs, 'PUT', `/statements?statementId=${encodeURIComponent(c.statement_id)}`, outgoing(c.statement));
          if ((one.status >= 200 && one.status < 300) || one.status === 409) delivered.push(c.statement_id);
          else failures.set(c.statement_id, `HTTP ${one.status} ${one.text}`.trim());
        } catch (err) {
          failures.set(c.statement_id, (err as Error).message);
        }
      }
    } else for (const c of claimed) failures.set(c.statement_id, `HTTP ${res.status} ${res.text}`.trim());
  } catch (err) {
    for (const c of claimed) failures.set(c.statement_id, (err as Error).message);
  }
  if (delivered.length) await db().xapiOutbox.deleteMany({ where: { statementId: { in: delivered } } });
  for (const c of claimed) {
    const error = failures.get(c.statement_id);
    if (error === undefined) continue;
    await db().$executeRaw`UPDATE xapi_outbox SET next_at = now() + make_interval(secs => ${backoffSeconds(c.tries)}), last_error = ${error.slice(0, 500)} WHERE statement_id = ${c.statement_id}::uuid`;
  }
  if (failures.size) log.warn({ failed: failures.size, error: [...failures.values()][0] }, 'xAPI LRS forwarding failed; retrying with backoff');
  return { sent: delivered.length, failed: failures.size };
}

const worker = outboxWorker(OUTBOX.lrsForwarding, {
  pollMs: POLL_MS,
  batch: BATCH,
  rounds: 20,
  stopOnFailure: true,
  once: () => {
    const lrs = config().xapiLrs;
    return lrs ? forwardOnce(lrs) : Promise.resolve({ sent: 0, failed: 0 });
  },
});

/** Starts the forwarder of this process when an LRS is configured (called at start-up; idempotent). */
export function startLrsForwarder(): void {
  if (config().xapiLrs) worker.start();
}
