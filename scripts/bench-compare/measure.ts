// Load runs for `npm run bench:compare`: autocannon against one target, with the CPU time the target's process
// tree spent during the run (utime + stime from /proc/<pid>/stat of the process and its descendants).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type pg from 'pg';

// autocannon ships no types; its programmatic API: autocannon(opts) → Promise<result>
const autocannon = createRequire(__filename)('autocannon') as (opts: Record<string, unknown>) => Promise<any>;

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) out.push(Number(e));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** CPU milliseconds (user + system) used so far by `pid` and every process under it. */
export function cpuMs(pid: number): number {
  let ticks = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is field 3 (state): utime is field 14, stime field 15
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      continue;
    }
    stack.push(...childrenOf(p));
  }
  return (ticks / TICKS_PER_SECOND) * 1000;
}

/** CPU ticks of one process (utime + stime), 0 when it is gone. */
function ticksOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** CPU ticks of each PostgreSQL backend serving the client's database (the instances' pools), by process id. */
export async function pgTicks(c: pg.Client): Promise<Map<number, number>> {
  const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  return new Map(rows.map((r) => [r.pid, ticksOf(r.pid)]));
}

/** CPU ms the backends used between two readings (a connection opened meanwhile counts whole; one closed is lost: the pools close only idle ones). */
export function pgCpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return (ticks / TICKS_PER_SECOND) * 1000;
}

export interface Target {
  label: string;
  url: string;
  /** the server's process id (CPU per request) */
  pid: number;
  /** several servers (instances behind a proxy): their process trees' CPU is summed; overrides pid */
  pids?: number[];
  headers?: Record<string, string>;
  /** called before each run (e.g. a fresh learner token); returns the URL to load */
  prepare?: () => Promise<string>;
  /** rotate X-Forwarded-For per request (our app trusts it in the bench) so one client address never fills a limit */
  rotateIp?: boolean;
  /** called before each run instead of prepare: URLs (same origin) the run's requests rotate through */
  prepareMany?: () => Promise<string[]>;
  /** a fixed offered load (requests per second over all connections) instead of as fast as the server answers */
  rate?: number;
}

export interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequestMs: number;
  /** the server process trees' CPU over the run (ms) */
  cpuMs: number;
  requests: number;
  non2xx: number;
  errors: number;
}

let ipRun = 0;

export async function loadRun(t: Target, connections: number, seconds: number): Promise<RunResult> {
  const many = t.prepareMany ? await t.prepareMany() : null;
  const url = many ? many[0]! : t.prepare ? await t.prepare() : t.url;
  const paths = many?.map((u) => {
    const x = new URL(u);
    return x.pathname + x.search;
  });
  const run = ++ipRun;
  let n = 0;
  const opts: Record<string, unknown> = { url, connections, duration: seconds, headers: t.headers ?? {}, pipelining: 1 };
  if (t.rate) opts.overallRate = t.rate;
  if (t.rotateIp || paths) {
    opts.requests = [
      {
        setupRequest: (req: { headers?: Record<string, string>; path?: string }) => {
          n++;
          const out = paths ? { ...req, path: paths[n % paths.length] } : { ...req };
          if (t.rotateIp) out.headers = { ...(req.headers ?? {}), 'x-forwarded-for': `10.${run % 250}.${(n >> 8) & 255}.${n & 255}` };
          return out;
        },
      },
    ];
  }
  const pids = t.pids ?? [t.pid];
  const cpuNow = () => pids.reduce((s, p) => s + cpuMs(p), 0);
  const before = cpuNow();
  const r = await autocannon(opts);
  const cpu = cpuNow() - before;
  const requests = Number(r.requests.total);
  return {
    rps: requests / seconds,
    p50: Number(r.latency.p50),
    p99: Number(r.latency.p99),
    cpuPerRequestMs: requests ? cpu / requests : NaN,
    cpuMs: cpu,
    requests,
    non2xx: Number(r.non2xx ?? 0),
    errors: Number(r.errors ?? 0) + Number(r.timeouts ?? 0),
  };
}

export const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * What else keeps the machine busy: the processes (outside `excludePid`'s tree) that used more than 5 % of a core
 * over `ms`, busiest first, as "pid command (share of a core)".
 */
export async function busyProcesses(ms: number, excludePid: number): Promise<string> {
  const sample = () => {
    const out = new Map<number, { ticks: number; comm: string }>();
    for (const e of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(e)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(Number(e), { ticks: Number(fields[11]) + Number(fields[12]), comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) });
      } catch {
        /* gone */
      }
    }
    return out;
  };
  const mine = new Set<number>();
  const stack = [excludePid];
  while (stack.length) {
    const p = stack.pop()!;
    mine.add(p);
    stack.push(...childrenOf(p));
  }
  const a = sample();
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  const busy: { pid: number; share: number; name: string }[] = [];
  for (const [pid, x] of b) {
    if (mine.has(pid)) continue;
    const share = ((x.ticks - (a.get(pid)?.ticks ?? x.ticks)) / TICKS_PER_SECOND) / (ms / 1000);
    if (share < 0.05) continue;
    let cmd = x.comm;
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim().slice(0, 90) || x.comm;
    } catch {
      /* gone */
    }
    busy.push({ pid, share, name: cmd });
  }
  return busy
    .sort((x, y) => y.share - x.share)
    .slice(0, 8)
    .map((x) => `${x.pid} \`${x.name}\` (${Math.round(x.share * 100)} %)`)
    .join(', ');
}
