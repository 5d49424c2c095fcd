import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import * as yauzl from 'yauzl-promise';
import { afterAll, describe, expect, it } from 'vitest';
import { zipStream } from './zip-stream';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-stream-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function entriesOf(zipped: Buffer) {
  const file = path.join(dir, `${Math.random()}.zip`);
  fs.writeFileSync(file, zipped);
  const zip = await yauzl.open(file, { validateEntrySizes: true });
  const out = new Map<string, { data: Buffer; method: number }>();
  try {
    for (const e of await zip.readEntries()) {
      out.set(e.filename, { data: await buffer((await e.openReadStream()) as NodeJS.ReadableStream), method: e.compressionMethod });
    }
  } finally {
    await zip.close();
  }
  return out;
}

describe('zipStream', () => {
  it('writes small and big files and buffers, deflating text and storing media, in order, readable by unzip', async () => {
    const text = Buffer.from('var a = 1;\n'.repeat(5000));
    const media = randomBytes(300_000);
    const bigText = Buffer.from('{"x": "hello world"}\n'.repeat(200_000)); // 4.2 MB: streamed and deflated
    const bigMedia = randomBytes(3 * 1024 * 1024 + 17); // streamed and stored
    const files = { 'a.js': text, 'b.png': media, 'c.json': bigText, 'd.mp4': bigMedia };
    for (const [n, d] of Object.entries(files)) fs.writeFileSync(path.join(dir, n), d);
    const sources = [
      { name: 'manifest.xml', data: Buffer.from('<m/>') },
      ...Object.keys(files).map((n) => ({ name: `x/${n}`, file: path.join(dir, n) })),
      { name: 'empty.txt', data: Buffer.alloc(0) },
      { name: 'ünïcode name.txt', data: Buffer.from('ü') },
    ];
    const zipped = await buffer(zipStream(sources, { deflate: (n) => !/\.(png|mp4)$/.test(n), prefetch: 3 }));
    const got = await entriesOf(zipped);
    expect([...got.keys()]).toEqual(sources.map((s) => s.name));
    for (const [n, d] of Object.entries(files)) expect(got.get(`x/${n}`)!.data.equals(d)).toBe(true);
    expect(got.get('x/a.js')!.method).toBe(8);
    expect(got.get('x/c.json')!.method).toBe(8);
    expect(got.get('x/b.png')!.method).toBe(0);
    expect(got.get('x/d.mp4')!.method).toBe(0);
    expect(got.get('empty.txt')!.data.length).toBe(0);
    expect(got.get('ünïcode name.txt')!.data.toString()).toBe('ü');
    // the unzip tool checks every CRC
    const file = path.join(dir, 'check.zip');
    fs.writeFileSync(file, zipped);
    const { execFileSync } = await import('node:child_process');
    expect(execFileSync('unzip', ['-tq', file]).toString()).toMatch(/No errors detected/);
    expect(compressedSmaller(zipped.length, text.length + bigText.length + media.length + bigMedia.length)).toBe(true);
  });

  it('ends with an error when a file is missing', async () => {
    const s = zipStream([{ name: 'gone.txt', file: path.join(dir, 'missing.txt') }], { deflate: () => true });
    await expect(buffer(s)).rejects.toThrow(/ENOENT/);
  });
});

const compressedSmaller = (zipped: number, raw: number) => zipped < raw;
