// GET /api/health: the database and the cache, each with latency; ok / degraded / error per the spec — without a
// statement of its own (issue 9: health is 0 SQL + 1 Redis round trip):
// - Redis: the request's own rate-limit round trip (the window script) is the check; its latency is reported.
// - the database: a protocol-level ping on the process's watch connection (lib/db/watch.ts), or a reconnect
//   when that connection is down; a successful ping answers the checks of the next 250 ms too (PING_REUSE_MS).
import { cache } from '@/lib/cache';
import { pingDatabase } from '@/lib/db/watch';
import { z } from 'zod';

export const checkSchema = z.object({
  status: z.enum(['ok', 'error']),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
  /** the cache's kind: redis, or the embedded in-process store */
  kind: z.string().optional().describe('the cache\'s kind: redis, or the embedded in-process store'),
});
export type Check = z.infer<typeof checkSchema>;

/** GET /api/health's answer (plain JSON, 200 or 503). */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  timestamp: z.iso.datetime(),
  checks: z.object({ database: checkSchema, redis: checkSchema }),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

export type StoreAnswer = { ok: true; latencyMs: number } | { ok: false; error: string };

function storeCheck(answer: StoreAnswer | undefined): Check {
  const kind = cache().kind === 'redis' ? 'redis' : 'embedded-memory';
  if (!answer) return { status: 'error', error: 'not checked', kind };
  return answer.ok ? { status: 'ok', latencyMs: answer.latencyMs, kind } : { status: 'error', error: answer.error, kind };
}

/** The report of GET /api/health, given how the shared store answered the request's rate-limit round trip. */
export async function healthReport(store: StoreAnswer | undefined): Promise<HealthReport> {
  const database: Check = await pingDatabase();
  const redis = storeCheck(store);
  const ok = [database, redis].filter((x) => x.status === 'ok').length;
  const status = ok === 2 ? 'ok' : ok === 0 ? 'error' : 'degraded';
  return { status, timestamp: new Date().toISOString(), checks: { database, redis } };
}
