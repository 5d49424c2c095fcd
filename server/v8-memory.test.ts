import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { growthFactor, memoryFlags, SEMI_SPACE_CAP } from './v8-memory.mjs';

const MiB = 1024 * 1024;

describe('memoryFlags (V8 settings of the production server)', () => {
  it('keeps WebAssembly on its baseline compiler and holds the young generation at first', () => {
    expect(memoryFlags([])).toEqual({ flags: ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up', '--semi-space-growth-factor=1'], capYoung: true });
  });

  it('leaves a family alone when the command line or NODE_OPTIONS sets one of its flags', () => {
    expect(memoryFlags(['--max-semi-space-size=16'])).toEqual({ flags: ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up'], capYoung: false });
    expect(memoryFlags(['--wasm-dynamic-tiering', '--inspect'])).toEqual({ flags: ['--semi-space-growth-factor=1'], capYoung: true });
    expect(memoryFlags(['--liftoff-only', '--semi_space_growth_factor=2']).flags).toEqual([]);
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
});
