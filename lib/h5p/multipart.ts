// Streams a multipart/form-data request to disk with busboy (Next's req.formData() would buffer the whole
// upload in memory). Files go to a private temporary directory; a file past its size limit aborts the parse.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  size: number;
  path: string;
  /** the first bytes of the file (signature checks without reopening it) */
  head: Buffer;
}

export interface ParsedMultipart {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
  dir: string;
  cleanup(): Promise<void>;
}

export class UploadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`upload exceeds ${limit} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

export async function parseMultipart(req: Request, opts: { maxFileSize: number; maxFiles?: number; fileFields?: string[] }): Promise<ParsedMultipart> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw new MultipartError('not multipart/form-data');
  if (!req.body) throw new MultipartError('empty body');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'lumen-upload-'));
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let bb: busboy.Busboy;
      try {
        bb = busboy({
          headers: { 'content-type': contentType },
          limits: { fileSize: opts.maxFileSize, files: opts.maxFiles ?? 1, fields: 100, fieldSize: 1024 * 1024, parts: 200 },
        });
      } catch (err) {
        reject(new MultipartError((err as Error).message));
        return;
      }
      let failed = false;
      const fail = (err: Error) => {
        if (failed) return;
        failed = true;
        reject(err);
      };
      bb.on('field', (name, value) => {
        const key = name.endsWith('[]') ? name.slice(0, -2) : name;
        const prev = fields[key];
        if (name.endsWith('[]')) fields[key] = [...(Array.isArray(prev) ? prev : prev !== undefined ? [prev] : []), value];
        else fields[key] = value;
      });
      bb.on('file', (field, stream, info) => {
        if (opts.fileFields && !opts.fileFields.includes(field)) {
          stream.resume();
          return;
        }
        const target = path.join(dir, randomUUID());
        const entry: UploadedFile = { field, filename: info.filename ?? 'upload', mimetype: info.mimeType, size: 0, path: target, head: Buffer.alloc(0) };
        const counter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            if (entry.head.length < 16) entry.head = Buffer.concat([entry.head, chunk.subarray(0, 16 - entry.head.length)]);
            entry.size += chunk.length;
            cb(null, chunk);
          },
        });
        stream.on('limit', () => fail(new UploadTooLargeError(opts.maxFileSize)));
        writes.push(
          pipeline(stream, counter, fs.createWriteStream(target)).then(
            () => {
              files.push(entry);
            },
            (err) => fail(err as Error),
          ),
        );
      });
      bb.on('filesLimit', () => undefined);
      bb.on('error', (err) => fail(new MultipartError((err as Error).message)));
      bb.on('close', () => {
        Promise.all(writes).then(() => (failed ? undefined : resolve()), fail);
      });
      const src = Readable.fromWeb(req.body as unknown as import('node:stream/web').ReadableStream<Uint8Array>);
      src.on('error', (err) => fail(new MultipartError(err.message)));
      src.pipe(bb);
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { fields, files, dir, cleanup };
}

/** Parses the body of the H5P client's AJAX posts: JSON, form-encoded (with `name[]` arrays) or multipart. */
export async function parseAjaxBody(req: Request, maxFileSize: number): Promise<{ body: Record<string, unknown>; files: Record<string, UploadedFile>; cleanup(): Promise<void> }> {
  const ct = (req.headers.get('content-type') ?? '').toLowerCase();
  if (ct.startsWith('multipart/form-data')) {
    const parsed = await parseMultipart(req, { maxFileSize, maxFiles: 2 });
    const files: Record<string, UploadedFile> = {};
    for (const f of parsed.files) files[f.field] = f;
    return { body: parsed.fields, files, cleanup: () => parsed.cleanup() };
  }
  const text = await req.text();
  const none = async () => undefined;
  if (!text) return { body: {}, files: {}, cleanup: none };
  if (ct.includes('application/json')) {
    try {
      return { body: JSON.parse(text) as Record<string, unknown>, files: {}, cleanup: none };
    } catch {
      throw new MultipartError('invalid JSON body');
    }
  }
  const body: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    if (k.endsWith('[]')) ((body[k.slice(0, -2)] ??= []) as string[]).push(v);
    else body[k] = v;
  }
  return { body, files: {}, cleanup: none };
}
