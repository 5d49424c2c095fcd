// Load runs for `npm run bench:compare`: autocannon against one target, with the CPU time the target's process
// tree spent during the run (utime + stime from /proc/<pid>/stat of the process and its descendants).
import fs from 'node:fs';
import { createRequire } from 'node:module';

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

export interface Target {
  label: string;
  url: string;
  /** the server's process id (CPU per request) */
  pid: number;
  headers?: Record<string, string>;
  /** called before each run (e.g. a fresh learner token); returns the URL to load */
  prepare?: () => Promise<string>;
  /** rotate X-Forwarded-For per request (our app trusts it in the bench) so one client address never fills a limit */
  rotateIp?: boolean;
  /** called before each run instead of prepare: URLs (same origin) the run's requests rotate through */
  prepareMany?: () => Promise<string[]>;
}

export interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequestMs: number;
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
  const before = cpuMs(t.pid);
  const r = await autocannon(opts);
  const cpu = cpuMs(t.pid) - before;
  const requests = Number(r.requests.total);
  return {
    rps: requests / seconds,
    p50: Number(r.latency.p50),
    p99: Number(r.latency.p99),
    cpuPerRequestMs: requests ? cpu / requests : NaN,
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
