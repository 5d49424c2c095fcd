// V8 settings for the server's resident memory (docs/performance.md, "Memory on a large package"). server/start.mjs
// applies them in production before Next.js and the app load, so every start has them (npm start, the container,
// the benches and the tests); a flag of the same family given on the command line or in NODE_OPTIONS wins.
//
//  - WebAssembly stays on V8's baseline compiler (Liftoff). Prisma's query compiler is WASM; V8 recompiled its hot
//    functions with TurboFan on the platform's worker threads — one function alone takes ~40 MiB of compiler memory
//    — and glibc kept those pages in the worker threads' malloc arenas afterwards: ~60 MiB of RSS for the life of
//    the process. Prisma caches query plans, so its compiler runs once per query shape; WASM was ~1 % of the CPU
//    samples while serving the play route either way.
//  - The young generation (two semi-spaces) grows from 1 MiB to at most 8 MiB each instead of V8's 16 MiB: 16 MiB
//    resident instead of 32 MiB. Serving the play route, the main thread spent ~7 % of its time in GC with 4 MiB,
//    ~3 % with 16 MiB and ~18 % when left at 1 MiB; 4 MiB cost the health check ~15 % of its throughput, 8 MiB keeps
//    the 480 MiB import at 190–193 MiB RSS (docs/performance.md). V8 fixes the maximum when the process starts, so the cap is
//    kept at run time with the growth factor: 1 (no growth) during start-up, where the allocation comes in long
//    synchronous runs, then, after every collection (a PerformanceObserver, told a loop turn or two later), the
//    factor that takes the current size to the cap in one step, and 1 once there. (One step, not V8's doublings:
//    with 1 → 2 → 4 a route's first load, a long synchronous run, grew it past the cap before the observer heard of
//    it.) A second growth in such a run before the observer hears of the first one lands on V8's own maximum; it
//    stays there until V8 shrinks the young generation again (idle, low allocation rate).
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

const MiB = 1024 * 1024;
/** the largest semi-space the server grows its young generation to */
export const SEMI_SPACE_CAP = 8 * MiB;

/** The flags to set, given the process's own (command line + NODE_OPTIONS), and whether the young generation is ours to cap. */
export function memoryFlags(given) {
  const has = (re) => given.some((a) => re.test(a));
  const flags = [];
  if (!has(/^--(no-)?(wasm[-_]tier[-_]up|wasm[-_]dynamic[-_]tiering|liftoff|liftoff[-_]only)(=|$)/)) flags.push('--no-wasm-dynamic-tiering', '--no-wasm-tier-up');
  const capYoung = !has(/^--(min|max)[-_]semi[-_]space[-_]size(=|$)|^--semi[-_]space[-_]growth[-_]factor(=|$)/);
  if (capYoung) flags.push('--semi-space-growth-factor=1');
  return { flags, capYoung };
}

/** The growth factor that takes a semi-space of `semi` bytes to the cap in one step, never past it (1: no growth). */
export function growthFactor(semi, cap = SEMI_SPACE_CAP) {
  return semi > 0 ? Math.max(1, Math.floor(cap / semi)) : 1;
}

const semiSpace = () => (v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2;

/**
 * Applies the flags (young generation held at its initial size for now); returns `startYoungGrowth()`, to call once
 * start-up is over, which lets it grow up to the cap from then on.
 */
export function applyMemoryFlags(given = process.execArgv.concat((process.env.NODE_OPTIONS ?? '').split(/\s+/))) {
  const { flags, capYoung } = memoryFlags(given);
  if (flags.length) v8.setFlagsFromString(flags.join(' '));
  let factor = 1;
  const steer = () => {
    const next = growthFactor(semiSpace());
    if (next !== factor) v8.setFlagsFromString(`--semi-space-growth-factor=${(factor = next)}`);
  };
  return {
    startYoungGrowth() {
      if (!capYoung) return;
      steer();
      new PerformanceObserver(steer).observe({ entryTypes: ['gc'] });
    },
  };
}
