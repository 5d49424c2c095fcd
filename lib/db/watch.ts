// One dedicated connection to the database per process, outside the query pool:
// - it LISTENs on lumen_cache, where triggers announce changes to cached rows at commit (migration
//   20261123200000_cache_notify), and drops the local copies (lib/cache/local.ts). While it is down the local
//   caches are bypassed, and they are emptied when it comes back (changes may have been missed meanwhile).
// - it answers the health check without a statement: a bare Sync message, to which the server replies
//   ReadyForQuery — a real round trip to the server (lib/health/check.ts).
import pg from 'pg';
import { bus } from '@/lib/cache/local';
import { databaseUrl } from '@/lib/config';
import { log } from '@/lib/log';

export interface PingResult {
  status: 'ok' | 'error';
  latencyMs?: number;
  error?: string;
}

const TIMEOUT_MS = 3_000;
const KEEPALIVE_MS = 5_000;
const RETRY_MS = 1_000;
export const CACHE_CHANNEL = 'lumen_cache';

interface WireConnection {
  sync(): void;
  once(event: string, fn: () => void): void;
  off(event: string, fn: () => void): void;
}

interface Watch {
  client?: pg.Client;
  connecting?: Promise<PingResult>;
  pinging?: Promise<PingResult>;
  /** the last successful ping on the current connection, and when it was answered */
  fresh?: { result: PingResult; at: number; client: pg.Client };
  retry?: NodeJS.Timeout;
}


const g = globalThis as unknown as { __lumenDbWatch?: Watch };
const state = (): Watch => (g.__lumenDbWatch ??= {});

const round = (ms: number) => Math.round(ms * 100) / 100;
const firstLine = (err: unknown) => (err as Error)?.message?.split('\n')[0] || 'unreachable';

function scheduleRetry(w: Watch) {
  if (w.retry) return;
  w.retry = setTimeout(() => {
    w.retry = undefined;
    void connect(w);
  }, RETRY_MS);
  w.retry.unref();
}

function connect(w: Watch): Promise<PingResult> {
  w.connecting ??= (async (): Promise<PingResult> => {
    const client = new pg.Client({
      connectionString: databaseUrl(),
      connectionTimeoutMillis: TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_MS,
      application_name: 'lumen-watch',
    });
    const lost = () => {
      if (w.client !== client) return;
      w.client = undefined;
      bus().setWatching(false);
      client.end().catch(() => undefined);
      scheduleRetry(w);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel === CACHE_CHANNEL && n.payload) bus().apply(n.payload);
    });
    const start = performance.now();
    try {
      await client.connect();
      const latencyMs = round(performance.now() - start);
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
      w.client = client;
      bus().setWatching(true); // changes made while no one listened are not in any copy: start empty
      return { status: 'ok', latencyMs };
    } catch (err) {
      client.end().catch(() => undefined);
      scheduleRetry(w);
      return { status: 'error', error: firstLine(err) };
    } finally {
      w.connecting = undefined;
    }
  })();
  return w.connecting;
}

/** Starts watching (called at start-up; idempotent). */
export function startDbWatch(): void {
  const w = state();
  if (!w.client && !w.connecting) void connect(w).then((r) => r.status === 'error' && log.warn({ err: r.error }, 'database watch not connected; retrying'));
}

/** Sync → ReadyForQuery on the watch connection (one at a time; concurrent checks share it). */
function ping(w: Watch, client: pg.Client): Promise<PingResult> {
  w.pinging ??= new Promise<PingResult>((resolve) => {
    const con = (client as unknown as { connection: WireConnection }).connection;
    const start = performance.now();
    const done = (result: PingResult) => {
      clearTimeout(timer);
      con.off('readyForQuery', ready);
      con.off('end', closed);
      w.pinging = undefined;
      if (result.status === 'error' && w.client === client) {
        w.client = undefined;
        bus().setWatching(false);
        client.end().catch(() => undefined);
        scheduleRetry(w);
      }
      resolve(result);
    };
    const ready = () => done({ status: 'ok', latencyMs: round(performance.now() - start) });
    const closed = () => done({ status: 'error', error: 'connection to the database closed' });
    const timer = setTimeout(() => done({ status: 'error', error: `timed out after ${TIMEOUT_MS} ms` }), TIMEOUT_MS);
    con.once('readyForQuery', ready);
    con.once('end', closed);
    try {
      con.sync();
    } catch (err) {
      done({ status: 'error', error: firstLine(err) });
    }
  });
  return w.pinging;
}

/**
 * How long a successful ping answers later health checks too. Under load this turns one database round trip per
 * health request into a few per second; a lost connection is noticed at once (the watch drops its client, and a
 * result is only reused on the client that produced it).
 */
export const PING_REUSE_MS = 250;

/** The database's state for the health check: a ping on the watch connection, or a reconnect when it is down. */
export async function pingDatabase(): Promise<PingResult> {
  const w = state();
  const client = w.client;
  if (!client) return connect(w);
  const fresh = w.fresh;
  if (fresh && fresh.client === client && performance.now() - fresh.at < PING_REUSE_MS) return fresh.result;
  const result = await ping(w, client);
  if (result.status === 'ok' && w.client === client) w.fresh = { result, at: performance.now(), client };
  return result;
}
