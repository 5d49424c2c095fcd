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
//    stays there until V8 shrinks the young generation again (idle, low allocation rate) — Prisma's client set-up
//    (12 MiB of objects in one run) did just that after start. So the launchers give the cap on the command line
//    (`node --max-semi-space-size=8 server/start.mjs`: npm start, the container, the tests' and benches' app), where V8
//    itself enforces it; start-up still holds the young generation at 1 MiB (factor 1), then V8's own factor 2 grows
//    it up to that maximum. The steering above is the fallback when the server is started without the flag.
//  - The old generation is collected when it reaches 1.5 × what the last full collection kept. V8's own factor
//    follows its GC speed and, on a machine with more than ~2 GiB for the heap, goes up to 4: under the list
//    benches the server kept ~80 MiB alive, yet let garbage (request objects promoted while their request was
//    waiting) pile up to 300 MiB of heap before collecting — 416–542 MiB of RSS. At 1.5× it stays at 230–245 MiB
//    RSS; a full collection (mostly incremental, ~20–100 ms of marking spread over the requests) then comes every
//    ~15 s under that load instead of every ~70 s (docs/performance.md, "Start-up on the embedded defaults").
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

const MiB = 1024 * 1024;
/** the largest semi-space the server grows its young generation to */
export const SEMI_SPACE_CAP = 8 * MiB;
/** the old generation's next full collection at (1 + this / 100) × what the last one kept, not V8's up to 4× */
export const HEAP_GROWING_PERCENT = 50;

/** The command-line flag that makes V8 itself keep the young generation at the cap (the launchers give it). */
export const SEMI_SPACE_FLAG = `--max-semi-space-size=${SEMI_SPACE_CAP / MiB}`;

/**
 * The flags to set, given the process's own (command line + NODE_OPTIONS); `capYoung`: the young generation is ours
 * to cap at run time (no size flag given); `holdYoung`: it is held at its initial size during start-up (no factor or
 * minimum given: with only the maximum given, V8 caps it and start-up still holds it).
 */
export function memoryFlags(given) {
  const has = (re) => given.some((a) => re.test(a));
  const flags = [];
  if (!has(/^--(no-)?(wasm[-_]tier[-_]up|wasm[-_]dynamic[-_]tiering|liftoff|liftoff[-_]only)(=|$)/)) flags.push('--no-wasm-dynamic-tiering', '--no-wasm-tier-up');
  const holdYoung = !has(/^--min[-_]semi[-_]space[-_]size(=|$)|^--semi[-_]space[-_]growth[-_]factor(=|$)/);
  const capYoung = holdYoung && !has(/^--max[-_]semi[-_]space[-_]size(=|$)/);
  if (holdYoung) flags.push('--semi-space-growth-factor=1');
  if (!has(/^--heap[-_]growing[-_]percent(=|$)/)) flags.push(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return { flags, capYoung, holdYoung };
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
  const { flags, capYoung, holdYoung } = memoryFlags(given);
  if (flags.length) v8.setFlagsFromString(flags.join(' '));
  let factor = 1;
  const setFactor = (f) => v8.setFlagsFromString(`--semi-space-growth-factor=${(factor = f)}`);
  // set every time, not only when it changes: V8 raises the flag (process-wide) to at least 2 whenever another
  // isolate is created — a worker thread — and the young generation would then double at each scavenge
  const steer = () => setFactor(growthFactor(semiSpace()));
  return {
    startYoungGrowth() {
      if (!holdYoung) return;
      if (!capYoung) return setFactor(2); // V8 keeps it at the maximum given on the command line
      steer();
      new PerformanceObserver(steer).observe({ entryTypes: ['gc'] });
    },
    /** Sets the growth factor again, after a worker thread was started (its isolate's set-up raised it to 2). */
    reassert() {
      if (holdYoung) setFactor(factor);
    },
  };
}
