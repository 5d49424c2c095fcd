// GET /api/health: the database and the cache, each with latency; ok / degraded / error per the spec.
import { cache } from '@/lib/cache';
import { db } from '@/lib/db/client';

export interface Check {
  status: 'ok' | 'error';
  latencyMs?: number;
  error?: string;
  /** the cache's kind: redis, or the embedded in-process store */
  kind?: string;
}

const TIMEOUT_MS = 3_000;

async function timed(fn: () => Promise<unknown>): Promise<Check> {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ]);
    return { status: 'ok', latencyMs: Math.round((performance.now() - start) * 100) / 100 };
  } catch (err) {
    return { status: 'error', error: (err as Error).message.split('\n')[0] || 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

export async function healthReport() {
  const c = cache();
  const [database, redis] = await Promise.all([timed(() => db().$queryRaw`SELECT 1`), timed(() => c.ping())]);
  redis.kind = c.kind === 'redis' ? 'redis' : 'embedded-memory';
  const ok = [database, redis].filter((x) => x.status === 'ok').length;
  const status = ok === 2 ? 'ok' : ok === 0 ? 'error' : 'degraded';
  return { status, timestamp: new Date().toISOString(), checks: { database, redis } } as const;
}
