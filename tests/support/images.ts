// Real image files for the tests, made in memory.
import zlib from 'node:zlib';

/** A PNG file (8-bit RGB) of w × h from its filtered rows (each row: a filter byte, then 3·w bytes). */
export function pngFile(w: number, h: number, filteredRows: Buffer, level?: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const pixels = zlib.deflateSync(filteredRows, level === undefined ? {} : { level });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG of `w` × `h` grey pixels. */
export function pngOf(w: number, h: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x80)]);
  return pngFile(w, h, Buffer.concat(Array.from({ length: h }, () => row)));
}

const SIGNATURES = {
  png: Buffer.from('89504e470d0a1a0a', 'hex'),
  jpg: Buffer.from('ffd8ffe0', 'hex'),
  mp4: Buffer.from('00000018667479706973736f6d', 'hex'), // ....ftypisom
} as const;

/**
 * Bytes an upload check takes as `type` (lib/files/sniff.ts): its signature, then `rest` (a string, or that many
 * bytes of 7 — the signature counted in, so the file has exactly that size).
 */
export function signed(type: keyof typeof SIGNATURES, rest: string | number): Buffer {
  const sig = SIGNATURES[type];
  return typeof rest === 'number' ? Buffer.concat([sig, Buffer.alloc(Math.max(0, rest - sig.length), 7)]) : Buffer.concat([sig, Buffer.from(rest)]);
}
