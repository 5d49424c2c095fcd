// A ZIP writer for the exports, made for many small files: each file at most `smallFile` is read whole (synchronously)
// and deflated with one zlib call on the thread pool (several files ahead of the one being written, so reading and deflating
// overlap with writing and use both cores), and its header is written with the sizes and CRC already known;
// bigger files are streamed (CRC on the fly, sizes in a data descriptor) so memory stays flat whatever their
// size. Entries come out in the order given. Archives past 4 GiB or 65,535 entries (no ZIP64) are refused:
// content is limited to 500 MB.
import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** A member: a local file, bytes made here, or a file of a remote store (its size known, opened when its turn comes). */
export type ZipSource =
  | { name: string; file: string }
  | { name: string; data: Buffer }
  | { name: string; size: number; mtime?: Date; open: () => Promise<Readable> };

export interface ZipStreamOptions {
  /** Whether the entry is deflated (true) or stored as it is (already-compressed media). */
  deflate: (name: string) => boolean;
  /** Entries read and deflated ahead of the one being written (default 8). */
  prefetch?: number;
  /** Files at most this big are read whole (default 1 MiB). */
  smallFile?: number;
}

const deflateRaw = promisify(zlib.deflateRaw);
const LIMIT_32 = 0xffffffff;
const UTF8 = 0x0800;
const DESCRIPTOR = 0x0008;

interface Ready {
  name: Buffer;
  mtime: Date;
  method: 0 | 8;
  /** the whole entry when it is small or made here */
  body?: { crc: number; size: number; data: Buffer };
  /** a big file, streamed */
  open?: () => Promise<Readable>;
}

interface Written {
  name: Buffer;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dos(d: Date): { time: number; date: number } {
  const y = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((y - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

function localHeader(e: Written): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(e.flags, 6);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt16LE(e.time, 10);
  h.writeUInt16LE(e.date, 12);
  h.writeUInt32LE(e.crc, 14);
  h.writeUInt32LE(e.compressed, 18);
  h.writeUInt32LE(e.size, 22);
  h.writeUInt16LE(e.name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, e.name]);
}

function centralHeader(e: Written): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE((3 << 8) | 20, 4); // made by unix, so the mode below counts
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(e.flags, 8);
  h.writeUInt16LE(e.method, 10);
  h.writeUInt16LE(e.time, 12);
  h.writeUInt16LE(e.date, 14);
  h.writeUInt32LE(e.crc, 16);
  h.writeUInt32LE(e.compressed, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  h.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  h.writeUInt32LE(e.offset, 42);
  return Buffer.concat([h, e.name]);
}

/** Writes `sources` as a ZIP archive into the returned stream, which ends with the archive or is destroyed with the first error. */
export function zipStream(sources: ZipSource[], opts: ZipStreamOptions): PassThrough {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const small = opts.smallFile ?? 1024 * 1024;
  const ahead = Math.max(1, opts.prefetch ?? 8);
  if (sources.length > 0xffff) {
    process.nextTick(() => out.destroy(new Error('too many entries for a ZIP archive without ZIP64')));
    return out;
  }
  let offset = 0;
  const written: Written[] = [];

  const write = async (buf: Buffer) => {
    offset += buf.length;
    if (offset > LIMIT_32) throw new Error('archive larger than 4 GiB');
    if (!out.write(buf)) {
      await new Promise<void>((resolve, reject) => {
        const done = (err?: Error) => {
          out.off('drain', done);
          out.off('close', closed);
          if (err) reject(err);
          else resolve();
        };
        const closed = () => done(new Error('the download was closed'));
        out.once('drain', done);
        out.once('close', closed);
      });
    }
  };

  async function prepare(s: ZipSource): Promise<Ready> {
    const name = Buffer.from(s.name, 'utf8');
    const deflate = opts.deflate(s.name);
    let data: Buffer;
    let mtime = new Date();
    if ('data' in s) data = s.data;
    else if ('open' in s) {
      mtime = s.mtime ?? mtime;
      if (s.size > small) return { name, mtime, method: deflate ? 8 : 0, open: s.open };
      const chunks: Buffer[] = [];
      for await (const c of await s.open()) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
      data = Buffer.concat(chunks);
    } else {
      // small files are stat'ed and read synchronously: microseconds each from the page cache, where a round trip
      // through the thread pool per call (stat, open, read, close) cost 2-3x the whole archive on a busy 2-core machine
      const st = fs.statSync(s.file);
      if (!st.isFile()) throw new Error(`not a file: ${s.name}`);
      mtime = st.mtime;
      if (st.size > small) return { name, mtime, method: deflate ? 8 : 0, open: async () => fs.createReadStream(s.file, { highWaterMark: 1024 * 1024 }) };
      data = fs.readFileSync(s.file);
    }
    const crc = zlib.crc32(data) >>> 0;
    if (deflate && data.length > 0) {
      const packed = await deflateRaw(data); // on the thread pool: the other core deflates while this one writes
      if (packed.length < data.length) return { name, mtime, method: 8, body: { crc, size: data.length, data: packed } };
    }
    return { name, mtime, method: 0, body: { crc, size: data.length, data } };
  }

  async function writeBig(r: Ready & { open: () => Promise<Readable> }) {
    const { time, date } = dos(r.mtime);
    const e: Written = { name: r.name, flags: UTF8 | DESCRIPTOR, method: r.method, time, date, crc: 0, compressed: 0, size: 0, offset };
    await write(localHeader(e));
    let crc = 0;
    const input = await r.open();
    const counted = async function* () {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        crc = zlib.crc32(chunk, crc);
        e.size += chunk.length;
        yield chunk;
      }
    };
    let source: AsyncIterable<Buffer> = counted();
    if (r.method === 8) {
      const deflater = zlib.createDeflateRaw();
      const feed = (async () => {
        for await (const chunk of counted()) if (!deflater.write(chunk)) await new Promise((res) => deflater.once('drain', res));
        deflater.end();
      })();
      feed.catch((err: Error) => deflater.destroy(err));
      source = deflater;
    }
    try {
      for await (const chunk of source) {
        e.compressed += chunk.length;
        await write(chunk);
      }
    } finally {
      input.destroy();
    }
    e.crc = crc >>> 0;
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(e.crc, 4);
    d.writeUInt32LE(e.compressed, 8);
    d.writeUInt32LE(e.size, 12);
    await write(d);
    written.push(e);
  }

  void (async () => {
    const pending: Promise<Ready>[] = [];
    let next = 0;
    const fill = () => {
      while (next < sources.length && pending.length < ahead) {
        const p = prepare(sources[next++]!);
        p.catch(() => undefined); // awaited in order below
        pending.push(p);
      }
    };
    fill();
    while (pending.length) {
      const r = await pending.shift()!;
      fill();
      if (r.open) {
        await writeBig(r as Ready & { open: () => Promise<Readable> });
        continue;
      }
      const b = r.body!;
      const { time, date } = dos(r.mtime);
      const e: Written = { name: r.name, flags: UTF8, method: r.method, time, date, crc: b.crc, compressed: b.data.length, size: b.size, offset };
      await write(localHeader(e));
      await write(b.data);
      written.push(e);
    }
    const start = offset;
    for (const e of written) await write(centralHeader(e));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(written.length, 8);
    end.writeUInt16LE(written.length, 10);
    end.writeUInt32LE(offset - start, 12);
    end.writeUInt32LE(start, 16);
    await write(end);
    out.end();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
