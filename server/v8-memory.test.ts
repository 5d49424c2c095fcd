import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { growthFactor, memoryFlags, SEMI_SPACE_CAP, SEMI_SPACE_FLAG } from './v8-memory.mjs';

const MiB = 1024 * 1024;

describe('memoryFlags (V8 settings of the production server)', () => {
  it('keeps WebAssembly on its baseline compiler and holds the young generation at first', () => {
    expect(memoryFlags([])).toEqual({ flags: ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up', '--semi-space-growth-factor=1', '--heap-growing-percent=50'], capYoung: true, holdYoung: true });
  });

  it('holds the young generation during start-up but leaves the cap to V8 when the launcher gives the maximum', () => {
    expect(memoryFlags([SEMI_SPACE_FLAG])).toEqual({ flags: ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up', '--semi-space-growth-factor=1', '--heap-growing-percent=50'], capYoung: false, holdYoung: true });
    expect(SEMI_SPACE_FLAG).toBe('--max-semi-space-size=8');
  });

  it('leaves a family alone when the command line or NODE_OPTIONS sets one of its flags', () => {
    expect(memoryFlags(['--min-semi-space-size=16'])).toEqual({ flags: ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up', '--heap-growing-percent=50'], capYoung: false, holdYoung: false });
    expect(memoryFlags(['--wasm-dynamic-tiering', '--inspect'])).toEqual({ flags: ['--semi-space-growth-factor=1', '--heap-growing-percent=50'], capYoung: true, holdYoung: true });
    expect(memoryFlags(['--liftoff-only', '--semi_space_growth_factor=2', '--heap-growing-percent=100']).flags).toEqual([]);
  });
});

describe('growthFactor (the young generation grows to its cap in one step, never past it)', () => {
  it.each([
    [1 * MiB, 8],
    [2 * MiB, 4],
    [3 * MiB, 2],
    [4 * MiB, 2],
    [5 * MiB, 1],
    [8 * MiB, 1],
    [16 * MiB, 1],
    [0, 1],
  ])('a %d-byte semi-space → factor %d', (semi, factor) => {
    expect(growthFactor(semi)).toBe(factor);
    if (semi) expect(Math.min(semi * factor, Math.max(semi, SEMI_SPACE_CAP))).toBeLessThanOrEqual(Math.max(semi, SEMI_SPACE_CAP));
  });
});

describe('applyMemoryFlags in a Node process', () => {
  it('grows the young generation up to the cap under allocation in short runs, not to V8’s 16 MiB', () => {
    const script = `
      import v8 from 'node:v8';
      import { applyMemoryFlags } from ${JSON.stringify(path.join(__dirname, 'v8-memory.mjs'))};
      const m = applyMemoryFlags([]);
      m.startYoungGrowth();
      let keep = [];
      const step = (i) => { for (let k = 0; k < 5000; k++) { keep.push({ k, s: "x" + k }); if (keep.length > 20000) keep = []; } };
      let n = 0;
      const tick = () => { step(); if (++n < 600) setImmediate(tick); else console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size); };
      tick();`;
    const size = Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim());
    expect(size).toBeGreaterThan(2 * MiB); // it did grow
    expect(size).toBeLessThanOrEqual(2 * SEMI_SPACE_CAP); // two semi-spaces at the cap at most
  });

  it('holds the young generation again after a worker thread is started (V8 raised the factor for its isolate)', () => {
    const script = `
      import v8 from 'node:v8';
      import { Worker } from 'node:worker_threads';
      import { applyMemoryFlags } from ${JSON.stringify(path.join(__dirname, 'v8-memory.mjs'))};
      const m = applyMemoryFlags([]);
      const w = new Worker('setTimeout(() => {}, 2000)', { eval: true });
      await new Promise((r) => w.once('online', r));
      if (process.argv[1] === 'reassert') m.reassert();
      let keep = [];
      for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 100000) keep = []; }
      console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
      process.exit(0);`;
    const size = (arg: string) => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script, arg], { encoding: 'utf8' }).trim());
    expect(size('none')).toBeGreaterThan(4 * MiB); // what it guards against: grown while held
    expect(size('reassert')).toBeLessThanOrEqual(2 * MiB); // held at its initial size during start-up
  }, 30_000); // it starts a Node process with a worker thread: seconds on a busy machine

  it('keeps the young generation at the cap through a long synchronous run when the launcher gives the maximum', () => {
    const script = `
      import v8 from 'node:v8';
      import { applyMemoryFlags } from ${JSON.stringify(path.join(__dirname, 'v8-memory.mjs'))};
      applyMemoryFlags(process.execArgv).startYoungGrowth();
      let keep = [];
      for (let i = 0; i < 4e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 300000) keep = []; }
      console.log(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);`;
    const size = Number(execFileSync(process.execPath, [SEMI_SPACE_FLAG, '--input-type=module', '-e', script], { encoding: 'utf8' }).trim());
    expect(size).toBeGreaterThan(2 * MiB);
    expect(size).toBeLessThanOrEqual(2 * SEMI_SPACE_CAP);
  });
});
