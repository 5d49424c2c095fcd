// Streams a multipart/form-data request to disk with busboy (Next's req.formData() would buffer the whole
// upload in memory). Files go to a private temporary directory; a file past its size limit aborts the parse and
// stops reading the request. Non-file fields are held in memory up to the JSON body limit (10 MB) in total;
// form-encoded and JSON bodies are read up to the same limit (413 `Request body too large` past it).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { assertDeclaredLength, BodyTooLargeError, JSON_BODY_LIMIT, readBodyText } from '@/lib/net/body';
import { controlCharsMessage, findControlChars } from '@/lib/net/control-chars';
import { SNIFF_BYTES } from '@/lib/files/sniff';

/** Part headers and boundaries, and file data still inside the parser, on top of the field limit. */
const NON_FILE_SLACK = 1024 * 1024;

/** The name prefix of an upload's temporary folder (swept at start-up when a dead instance left it: sweep.ts). */
export const UPLOAD_DIR_PREFIX = 'lumen-upload-';

/** An .h5p package uploaded through the editor (`library-upload`, field `h5p`): the import limit. */
export const PACKAGE_UPLOAD_LIMIT = 500 * 1024 * 1024;

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  size: number;
  path: string;
  /** the first bytes of the file (signature and content-type checks without reopening it: lib/files/sniff.ts) */
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

/** The answer to a cut-off upload (TruncatedUploadError) on every route that reads one. */
export const UPLOAD_TRUNCATED = 'Validation error: the upload ended before it was complete';

/** The body ended before the form's closing boundary (a cut-off upload): the client's fault, 400. */
export class TruncatedUploadError extends MultipartError {
  constructor() {
    super('the upload ended before it was complete');
    this.name = 'TruncatedUploadError';
  }
}

/** busboy's words for a body that ended inside the form or inside a file part */
const BUSBOY_TRUNCATED = /^Unexpected end of (form|file)$/;

/** An error of busboy or of a file part's stream as ours: a cut-off form is TruncatedUploadError. */
function streamError(err: Error): Error {
  if (err instanceof MultipartError || err instanceof UploadTooLargeError || err instanceof BodyTooLargeError) return err;
  return BUSBOY_TRUNCATED.test(err.message) ? new TruncatedUploadError() : err;
}

export interface MultipartOptions {
  /** limit of every file field without its own entry in `fileLimits` */
  maxFileSize: number;
  /** per-field file limits (e.g. a package field allowed to be larger than a media file) */
  fileLimits?: Record<string, number>;
  maxFiles?: number;
  fileFields?: string[];
  /** total bytes of all non-file fields (default: the JSON body limit) */
  maxFieldBytes?: number;
}

export async function parseMultipart(req: Request, opts: MultipartOptions): Promise<ParsedMultipart> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw new MultipartError('not multipart/form-data');
  if (!req.body) throw new MultipartError('empty body');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), UPLOAD_DIR_PREFIX));
  const cleanup = () => fsp.rm(dir, { recursive: true, force: true });
  const fields = Object.create(null) as Record<string, string | string[]>;
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  const maxFieldBytes = opts.maxFieldBytes ?? JSON_BODY_LIMIT;
  const limitOf = (field: string) => opts.fileLimits?.[field] ?? opts.maxFileSize;
  const busboyFileLimit = Math.max(opts.maxFileSize, ...Object.values(opts.fileLimits ?? {}));
  let src: Readable | undefined;
  let fileBytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let bb: busboy.Busboy;
      try {
        bb = busboy({
          headers: { 'content-type': contentType },
          limits: { fileSize: busboyFileLimit, files: opts.maxFiles ?? 1, fields: 100, fieldSize: maxFieldBytes, parts: 200 },
        });
      } catch (err) {
        reject(new MultipartError((err as Error).message));
        return;
      }
      let failed = false;
      let fieldBytes = 0;
      const fail = (err: Error) => {
        if (failed) return;
        failed = true;
        // stop reading the request: nothing more is parsed, buffered or written
        src?.unpipe(bb);
        src?.destroy();
        reject(err);
      };
      bb.on('field', (name, value, info) => {
        fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
        if (info.valueTruncated || fieldBytes > maxFieldBytes) return fail(new BodyTooLargeError());
        const key = name.endsWith('[]') ? name.slice(0, -2) : name;
        const prev = fields[key];
        if (name.endsWith('[]')) fields[key] = [...(Array.isArray(prev) ? prev : prev !== undefined ? [prev] : []), value];
        else fields[key] = value;
      });
      bb.on('file', (field, stream, info) => {
        if (opts.fileFields && !opts.fileFields.includes(field)) {
          // a skipped part's stream is still destroyed with an error when the body ends inside it: without a
          // listener that error would be the process's uncaughtException (busboy reports the cut-off form itself)
          stream.on('error', () => undefined);
          stream.resume();
          return;
        }
        const target = path.join(dir, randomUUID());
        const entry: UploadedFile = { field, filename: info.filename ?? 'upload', mimetype: info.mimeType, size: 0, path: target, head: Buffer.alloc(0) };
        const limit = limitOf(field);
        const counter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            if (entry.head.length < SNIFF_BYTES) entry.head = Buffer.concat([entry.head, chunk.subarray(0, SNIFF_BYTES - entry.head.length)]);
            entry.size += chunk.length;
            fileBytes += chunk.length;
            if (entry.size > limit) {
              const err = new UploadTooLargeError(limit);
              fail(err);
              return cb(err);
            }
            cb(null, chunk);
          },
        });
        stream.on('limit', () => fail(new UploadTooLargeError(limit)));
        writes.push(
          pipeline(stream, counter, fs.createWriteStream(target)).then(
            () => {
              files.push(entry);
            },
            (err) => fail(streamError(err as Error)),
          ),
        );
      });
      bb.on('filesLimit', () => undefined);
      bb.on('error', (err) => {
        const e = streamError(err as Error);
        fail(e instanceof MultipartError ? e : new MultipartError((err as Error).message));
      });
      bb.on('close', () => {
        Promise.all(writes).then(() => (failed ? undefined : resolve()), fail);
      });
      src = Readable.fromWeb(req.body as unknown as import('node:stream/web').ReadableStream<Uint8Array>);
      src.on('error', (err) => fail(new MultipartError(err.message)));
      // busboy reports an over-long field only at its end: count what is not file data while it streams, so a
      // huge text field is refused at the limit instead of at the end of the request
      let received = 0;
      src.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received - fileBytes > maxFieldBytes + NON_FILE_SLACK) fail(new BodyTooLargeError());
      });
      src.pipe(bb);
    });
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { fields, files, dir, cleanup };
}

/** Refuses control characters (other than tab, newline, carriage return) in the fields of an AJAX body. */
function assertCleanFields(body: unknown): void {
  const field = findControlChars(body, { allowWhitespace: true });
  if (field !== null) throw new MultipartError(controlCharsMessage(field));
}

/**
 * Parses the body of the H5P client's AJAX posts: JSON, form-encoded (with `name[]` arrays) or multipart. Files
 * stream to disk (`maxFileSize` each, `packageFileSize` for the `h5p` package field); everything else is held
 * in memory only up to the JSON body limit.
 */
export async function parseAjaxBody(
  req: Request,
  maxFileSize: number,
  packageFileSize = PACKAGE_UPLOAD_LIMIT,
): Promise<{ body: Record<string, unknown>; files: Record<string, UploadedFile>; cleanup(): Promise<void> }> {
  const ct = (req.headers.get('content-type') ?? '').toLowerCase();
  if (ct.startsWith('multipart/form-data')) {
    assertDeclaredLength(req, packageFileSize + maxFileSize + JSON_BODY_LIMIT);
    const parsed = await parseMultipart(req, { maxFileSize, fileLimits: { h5p: packageFileSize }, maxFiles: 2 });
    try {
      assertCleanFields(parsed.fields);
    } catch (err) {
      await parsed.cleanup();
      throw err;
    }
    const files: Record<string, UploadedFile> = {};
    for (const f of parsed.files) files[f.field] = f;
    return { body: parsed.fields, files, cleanup: () => parsed.cleanup() };
  }
  return { body: parseAjaxText(ct, await readBodyText(req, JSON_BODY_LIMIT)), files: {}, cleanup: async () => undefined };
}

/**
 * A form-encoded or JSON body of the H5P client's asynchronous routes (what parseAjaxBody reads when it is not
 * multipart), from its text: the fields, without a prototype; 400 through MultipartError when it is not an object.
 * `ct` is the request's content type, lower-cased.
 */
export function parseAjaxText(ct: string, text: string): Record<string, unknown> {
  if (!text) return {};
  // no prototype: field names such as `constructor[]` or `__proto__` are plain keys
  let body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (ct.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new MultipartError('invalid JSON body');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new MultipartError('body must be a JSON object');
    body = parsed as Record<string, unknown>;
  } else {
    for (const [k, v] of new URLSearchParams(text)) {
      if (k.endsWith('[]')) ((body[k.slice(0, -2)] ??= []) as string[]).push(v);
      else body[k] = v;
    }
  }
  assertCleanFields(body);
  return body;
}
