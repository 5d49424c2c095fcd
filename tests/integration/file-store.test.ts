// The file store's contract, the same assertions on both implementations: the local directory and the S3 store
// (through @aws-sdk/client-s3 to s3rver over HTTP).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '@/lib/files/local';
import { S3FileStore } from '@/lib/files/s3';
import { FileMissingError, UnsafeKeyError, prefixSize, type FileStore } from '@/lib/files/store';
import { startS3StandIn, type S3StandIn } from '../support/s3-standin';

const text = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

let s3: S3StandIn;
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-store-'));
const stores: Record<string, () => FileStore> = {};

beforeAll(async () => {
  s3 = await startS3StandIn();
  const s3Store = new S3FileStore({
    endpoint: s3.endpoint,
    bucket: 'store-contract',
    prefix: 'tenant-a/',
    region: 'us-east-1',
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  });
  const local = new LocalFileStore(localRoot);
  stores.local = () => local;
  stores.s3 = () => s3Store;
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

describe.each(['local', 's3'])('file store: %s', (kind) => {
  const store = () => stores[kind]!();

  it('writes, stats, reads whole and by range, and replaces', async () => {
    expect(await store().write('content/c1/images/a.png', Buffer.from('hello world'))).toBe(11);
    const st = await store().stat('content/c1/images/a.png');
    expect(st?.size).toBe(11);
    expect(st?.etag).toMatch(/^".+"$/);
    expect(await text(await store().read('content/c1/images/a.png'))).toBe('hello world');
    expect(await text(await store().read('content/c1/images/a.png', { start: 6, end: 10 }))).toBe('world');
    expect((await store().readBuffer('content/c1/images/a.png'))?.toString()).toBe('hello world');
    expect(await store().write('content/c1/images/a.png', Readable.from([Buffer.from('new '), Buffer.from('bytes')]))).toBe(9);
    expect(await text(await store().read('content/c1/images/a.png'))).toBe('new bytes');
    expect((await store().stat('content/c1/images/a.png'))?.etag).not.toBe(st?.etag);
  });

  it('answers missing files with null or FileMissingError', async () => {
    expect(await store().stat('content/none/x.png')).toBeNull();
    expect(await store().readBuffer('content/none/x.png')).toBeNull();
    await expect(store().read('content/none/x.png')).rejects.toBeInstanceOf(FileMissingError);
    expect(await store().copy('content/none/x.png', 'content/none/y.png')).toBe(false);
    await store().delete('content/none/x.png'); // nothing to delete: no error
  });

  it('refuses keys that would leave the store', async () => {
    for (const bad of ['../x', 'content/../../x', '/etc/passwd', 'a\\b', 'a//b', 'content/./x', '']) {
      await expect(store().stat(bad)).rejects.toBeInstanceOf(UnsafeKeyError);
      await expect(store().write(bad, 'x')).rejects.toBeInstanceOf(UnsafeKeyError);
    }
    await expect(store().list('content/..//')).rejects.toBeInstanceOf(UnsafeKeyError);
  });

  it('lists below a prefix (sorted, relative names, sizes), lists folders, copies and deletes a prefix', async () => {
    await store().write('content/c2/b.txt', 'bb');
    await store().write('content/c2/a/deep/z.txt', 'zzz');
    await store().write('content/c20/other.txt', 'o'); // shares the characters, not the folder
    const src = path.join(os.tmpdir(), `lumen-put-${kind}.bin`);
    fs.writeFileSync(src, Buffer.alloc(3000, 7));
    expect(await store().putFile('content/c2/video.mp4', src, { move: true })).toBe(3000);
    expect(fs.existsSync(src)).toBe(false);
    expect(await store().list('content/c2/')).toEqual([
      { name: 'a/deep/z.txt', size: 3 },
      { name: 'b.txt', size: 2 },
      { name: 'video.mp4', size: 3000 },
    ]);
    expect(await prefixSize(store(), 'content/c2/')).toBe(3005);
    // (c1 holds only a nested file: s3rver 3.7 leaves such folders out of a delimited listing, S3 and MinIO do not)
    expect(await store().listFolders('content/')).toEqual(expect.arrayContaining(['c2', 'c20']));
    expect(await store().copy('content/c2/a/deep/z.txt', 'content/c3/z.txt')).toBe(true);
    expect(await text(await store().read('content/c3/z.txt'))).toBe('zzz');
    await store().deletePrefix('content/c2/');
    expect(await store().list('content/c2/')).toEqual([]);
    expect(await store().list('content/c20/')).toEqual([{ name: 'other.txt', size: 1 }]);
    expect(await store().list('content/nothing/')).toEqual([]);
  });
});

describe('S3 store', () => {
  it('keeps every key below the configured prefix of the bucket', async () => {
    await stores.s3!().write('custom/site.css', 'body{}');
    const onDisk = fs.readdirSync(path.join(s3.directory, 'store-contract'), { recursive: true }).map(String);
    expect(onDisk.some((p) => p.startsWith('tenant-a'))).toBe(true);
    expect(onDisk.some((p) => p.startsWith('custom'))).toBe(false);
  });
});
