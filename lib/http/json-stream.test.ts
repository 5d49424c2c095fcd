import { describe, expect, it } from 'vitest';
import { streamedEnvelope } from './json-stream';

async function* batchesOf<T>(batches: T[][], after?: () => void): AsyncGenerator<T[], void> {
  for (const b of batches) yield b;
  after?.();
}

/** The body's chunks as text, as the response writes them. */
async function chunks(res: Response): Promise<string[]> {
  const out: string[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value));
  }
}

describe('streamedEnvelope', () => {
  it('writes what JSON.stringify writes for { success, data, ...trailer }, one chunk per batch, the trailer asked at the end', async () => {
    const items = [{ id: 'a', at: new Date(0), n: 1.5, s: 'x"\n\u2028' }, { id: 'b', nested: { list: [1, null] } }, { id: 'c', gone: undefined }];
    let total = -1;
    const res = await streamedEnvelope({ batches: batchesOf([items.slice(0, 2), items.slice(2)], () => (total = 3)), trailer: () => ({ total, absent: undefined }), action: 'list things' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const parts = await chunks(res);
    expect(parts.join('')).toBe(JSON.stringify({ success: true, data: items, total: 3 }));
    expect(parts).toHaveLength(3);
  });

  it('writes an empty list whole', async () => {
    const res = await streamedEnvelope({ batches: batchesOf([]), trailer: () => ({ total: 0 }), action: 'list things' });
    expect((await chunks(res)).join('')).toBe('{"success":true,"data":[],"total":0}');
  });

  it('throws a failure of the first batch (answered as an error envelope), and cuts the body off after a later one', async () => {
    async function* failsAt(n: number): AsyncGenerator<unknown[], void> {
      for (let i = 0; ; i++) {
        if (i === n) throw new Error('database gone');
        yield [{ i }];
      }
    }
    await expect(streamedEnvelope({ batches: failsAt(0), trailer: () => ({}), action: 'list things' })).rejects.toThrow('database gone');
    const res = await streamedEnvelope({ batches: failsAt(2), trailer: () => ({ total: 2 }), action: 'list things' });
    await expect(chunks(res)).rejects.toThrow('database gone');
  });

  it('reads the next batch only when the reader asks for more, and stops reading when the reader goes away', async () => {
    let read = 0;
    let closed = false;
    async function* counted(): AsyncGenerator<unknown[], void> {
      try {
        for (let i = 0; i < 100; i++) {
          read++;
          yield [{ i }];
        }
      } finally {
        closed = true;
      }
    }
    const res = await streamedEnvelope({ batches: counted(), trailer: () => ({}), action: 'list things' });
    const reader = res.body!.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 20));
    // the first batch and at most one ahead of the reader
    expect(read).toBeLessThanOrEqual(3);
    await reader.cancel();
    expect(closed).toBe(true);
    expect(read).toBeLessThanOrEqual(3);
  });
});
