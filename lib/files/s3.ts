// The file store on an S3-compatible object store (AWS S3, MinIO, Ceph, R2, s3rver in the tests) through the official
// SDK (@aws-sdk/client-s3), for several instances without a shared disk. A put replaces an object atomically (a
// reader sees the old object or the new one, never half). Streams of unknown length are spooled to a local temporary
// file first, so every upload is one PutObject with a known length and memory stays flat. The SDK is loaded on first
// use: a process on the local store never loads it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, assertPrefix, FileMissingError, type ByteRange, type FileStore, type ListedFile, type StoredFile } from './types';

export interface S3Options {
  endpoint: string | undefined;
  bucket: string;
  /** prepended to every key ('' or `some/prefix/`) */
  prefix: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

type Sdk = typeof import('@aws-sdk/client-s3');

interface S3ErrorLike {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

const isNotFound = (err: unknown) => {
  const e = err as S3ErrorLike;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** Deletes are sent in batches of this many keys (S3's limit for DeleteObjects). */
const DELETE_BATCH = 1000;

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private conn?: Promise<{ sdk: Sdk; client: S3Client }>;

  constructor(private readonly opts: S3Options) {}

  localPath(): null {
    return null;
  }

  private full(key: string): string {
    return this.opts.prefix + assertKey(key);
  }

  private fullPrefix(prefix: string): string {
    return this.opts.prefix + assertPrefix(prefix);
  }

  /** The SDK and a client (created once), with the bucket made when it does not exist yet. */
  private s3(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.conn ??= (async () => {
      const sdk = await import('@aws-sdk/client-s3');
      const o = this.opts;
      const client = new sdk.S3Client({
        endpoint: o.endpoint,
        region: o.region,
        forcePathStyle: o.forcePathStyle,
        credentials: o.accessKeyId && o.secretAccessKey ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } : undefined,
        maxAttempts: 3,
        // checksums only where S3 requires them: S3-compatible stores differ in the newer checksum headers
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: {
          connectionTimeout: 5_000,
          requestTimeout: 120_000,
          httpAgent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
          httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 64 }),
        },
      });
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: o.bucket }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
        try {
          await client.send(new sdk.CreateBucketCommand({ Bucket: o.bucket }));
        } catch (e) {
          const name = (e as S3ErrorLike).name;
          if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw e;
        }
      }
      return { sdk, client };
    })().catch((err) => {
      this.conn = undefined; // the next call tries again
      throw err;
    });
    return this.conn;
  }

  async stat(key: string): Promise<StoredFile | null> {
    const Key = this.full(key);
    const { sdk, client } = await this.s3();
    try {
      const r = await client.send(new sdk.HeadObjectCommand({ Bucket: this.opts.bucket, Key }));
      return { size: r.ContentLength ?? 0, mtime: r.LastModified ?? new Date(0), etag: r.ETag ?? `"${r.ContentLength}-${r.LastModified?.getTime()}"` };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const Key = this.full(key);
    const { sdk, client } = await this.s3();
    try {
      const r = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.opts.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return r.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new FileMissingError(key);
      throw err;
    }
  }

  async readBuffer(key: string): Promise<Buffer | null> {
    const Key = this.full(key);
    const { sdk, client } = await this.s3();
    try {
      const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.opts.bucket, Key }));
      return Buffer.from(await r.Body!.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  private async put(Key: string, Body: Buffer | Readable, ContentLength: number): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.opts.bucket, Key, Body, ContentLength }));
  }

  async write(key: string, body: Readable | Buffer | string): Promise<number> {
    const Key = this.full(key);
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      const buf = typeof body === 'string' ? Buffer.from(body) : body;
      await this.put(Key, buf, buf.length);
      return buf.length;
    }
    // a stream of unknown length: spooled to a local file, then one put of known length
    const spool = path.join(os.tmpdir(), `lumen-s3-${randomUUID()}`);
    try {
      await pipeline(body, fs.createWriteStream(spool));
      return await this.putFile(key, spool);
    } finally {
      await fsp.rm(spool, { force: true });
    }
  }

  async putFile(key: string, file: string, opts: { move?: boolean } = {}): Promise<number> {
    const Key = this.full(key);
    const { size } = await fsp.stat(file);
    const body = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    try {
      await this.put(Key, body, size);
    } finally {
      body.destroy();
    }
    if (opts.move) await fsp.rm(file, { force: true });
    return size;
  }

  async copy(from: string, to: string): Promise<boolean> {
    const src = this.full(from);
    const Key = this.full(to);
    const { sdk, client } = await this.s3();
    try {
      const CopySource = `${this.opts.bucket}/${src.split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new sdk.CopyObjectCommand({ Bucket: this.opts.bucket, Key, CopySource }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.full(key);
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.opts.bucket, Key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const full = this.fullPrefix(prefix);
    const keys = (await this.listFull(full)).map((o) => o.key);
    const { sdk, client } = await this.s3();
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const Objects = keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
      const r = await client.send(new sdk.DeleteObjectsCommand({ Bucket: this.opts.bucket, Delete: { Objects, Quiet: true } }));
      if (r.Errors?.length) throw new Error(`could not delete ${r.Errors.length} objects below ${prefix}: ${r.Errors[0]?.Code ?? ''} ${r.Errors[0]?.Message ?? ''}`);
    }
  }

  private async listFull(full: string): Promise<{ key: string; size: number }[]> {
    const { sdk, client } = await this.s3();
    const out: { key: string; size: number }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const r = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: full, ContinuationToken }));
      for (const o of r.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0 });
      ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out;
  }

  async list(prefix: string): Promise<ListedFile[]> {
    const full = this.fullPrefix(prefix);
    return (await this.listFull(full))
      .map((o) => ({ name: o.key.slice(full.length), size: o.size }))
      .filter((f) => f.name !== '')
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async listFolders(prefix: string): Promise<string[]> {
    const full = this.fullPrefix(prefix);
    const { sdk, client } = await this.s3();
    const out: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const r = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: full, Delimiter: '/', ContinuationToken }));
      for (const p of r.CommonPrefixes ?? []) if (p.Prefix) out.push(p.Prefix.slice(full.length, -1));
      ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return out.sort();
  }
}
