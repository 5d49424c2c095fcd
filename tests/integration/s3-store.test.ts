// The S3 file store end to end (issue 9 item 6): an app instance on FILE_STORE=s3 (s3rver over HTTP, through
// @aws-sdk/client-s3) with a DATA_DIR of its own, so every H5P file it serves had to come from the bucket: an
// import with media, a media upload served from temporary storage and attached, content files whole and by
// Range, library files, the .h5p and SCORM exports (small files read whole, big ones streamed from the bucket),
// a duplicate (copied within the bucket), and a delete that leaves nothing behind in the bucket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as yauzl from 'yauzl-promise';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyBetweenStores } from '@/lib/files/copy-store';
import { LocalFileStore } from '@/lib/files/local';
import { S3FileStore } from '@/lib/files/s3';
import { startApp, type AppProcess } from '../support/app-process';
import { appEnv } from '../support/global-setup';
import { setPlan, signedIn } from '../support/factories';
import { api } from '../support/http';
import { signed } from '../support/images';
import { installTestLibraries } from '../support/h5p';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';
import { s3Env, startS3StandIn, type S3StandIn } from '../support/s3-standin';

const BUCKET = 'lumen-s3-test';
let s3: S3StandIn;
let bucket: S3FileStore;
let app: AppProcess;
const ownDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-s3-app-'));
// a video bigger than the exporter reads whole (1 MiB): streamed from the bucket into the archive
const VIDEO = Buffer.alloc(1536 * 1024 + 7, 0);
for (let i = 0; i < VIDEO.length; i++) VIDEO[i] = (i * 7919) % 251;
const PICTURE = Buffer.from('\x89PNG picture bytes');

async function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(ownDataDir, `archive-${Date.now()}-${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(file, buf);
  const zip = await yauzl.open(file);
  const out = new Map<string, Buffer>();
  try {
    for await (const entry of zip) {
      const chunks: Buffer[] = [];
      for await (const c of await entry.openReadStream()) chunks.push(c as Buffer);
      out.set(entry.filename, Buffer.concat(chunks));
    }
  } finally {
    await zip.close();
  }
  return out;
}

const call = (method: string, p: string, opts: Parameters<typeof api>[2] = {}) => api(method, p, { ...opts, base: app.url });
const download = async (p: string, token: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.url}${p}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

beforeAll(async () => {
  s3 = await startS3StandIn();
  bucket = new S3FileStore({ endpoint: s3.endpoint, bucket: BUCKET, prefix: '', region: 'us-east-1', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true });
  // the test libraries are installed through the main test app (its DATA_DIR); the index is in the shared database,
  // their files move into the bucket as `npm run files:copy` moves them
  await installTestLibraries();
  await copyBetweenStores(new LocalFileStore(path.join(inject('appDataDir'), 'h5p')), bucket, ['libraries/']);
  app = await startApp({ ...appEnv(inject('idpUrl')), H5P_HUB_URL: inject('hubUrl'), DATA_DIR: ownDataDir, ...s3Env(s3, BUCKET) }, { waitForHealthy: true });
});

afterAll(async () => {
  await app?.stop();
  await s3?.close();
  fs.rmSync(ownDataDir, { recursive: true, force: true });
});

describe('FILE_STORE=s3', () => {
  it('imports, serves, exports, duplicates and deletes content with every file in the bucket', async () => {
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'premium'); // SCORM export is a premium feature

    // import: the media lands in the bucket
    const form = new FormData();
    const pkg = contentPackage({ machineName: 'H5P.TrueFalse', params: SAMPLE_PARAMS['H5P.TrueFalse'], title: 'On S3', media: { 'images/pic.png': PICTURE, 'videos/big.mp4': VIDEO }, withLibrary: false });
    form.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'on-s3.h5p');
    const imported = await call('POST', '/h5p/import', { token: t.token, body: form });
    expect(imported.status).toBe(201);
    const id = imported.body.data.contentId as string;
    expect((await bucket.list(`content/${id}/`)).map((f) => [f.name, f.size])).toEqual([
      ['images/pic.png', PICTURE.length],
      ['videos/big.mp4', VIDEO.length],
    ]);
    expect(fs.existsSync(path.join(ownDataDir, 'h5p', 'content', id))).toBe(false);

    // content files, whole and by range (the owner's private content: through the app's route)
    const pic = await download(`/h5p/content/${id}/images/pic.png`, t.token);
    expect(pic.status).toBe(200);
    expect(pic.body.equals(PICTURE)).toBe(true);
    expect(pic.headers.get('etag')).toMatch(/^".+"$/);
    expect((await download(`/h5p/content/${id}/images/pic.png`, t.token, { 'If-None-Match': pic.headers.get('etag')! })).status).toBe(304);
    const part = await download(`/h5p/content/${id}/videos/big.mp4`, t.token, { Range: 'bytes=100-1099' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${VIDEO.length}`);
    expect(part.body.equals(VIDEO.subarray(100, 1100))).toBe(true);
    expect((await download(`/h5p/content/${id}/images/none.png`, t.token)).status).toBe(404);

    // a library file, from the bucket
    const lib = (await bucket.listFolders('libraries/')).find((d) => d.startsWith('H5P.TrueFalse-'))!;
    const libJson = await download(`/h5p/libraries/${lib}/library.json`, t.token);
    expect(libJson.status).toBe(200);
    expect(JSON.parse(libJson.body.toString()).machineName).toBe('H5P.TrueFalse');

    // a media upload: temporary storage in the bucket, served at its address, then attached
    const up = await call('POST', '/h5p/media/upload', { token: t.token, body: { filename: 'Photo.png', data: signed('png', 'uploaded-bytes').toString('base64') } });
    expect(up.status).toBe(201);
    expect(await bucket.readBuffer(`temp/${t.user.id}/uploads/${up.body.data.filename}`)).toEqual(signed('png', 'uploaded-bytes'));
    const served = await fetch(`${app.url}${up.body.data.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(signed('png', 'uploaded-bytes'));
    const attached = await call('POST', '/h5p/media/attach', { token: t.token, body: { contentId: id, files: [up.body.data.filename], mediaType: 'images' } });
    expect(attached.body.data.attached).toEqual([up.body.data.filename]);
    expect(await bucket.readBuffer(`content/${id}/images/${up.body.data.filename}`)).toEqual(signed('png', 'uploaded-bytes'));

    // the .h5p export: content files and library files out of the bucket
    const exported = await download(`/h5p/content/${id}/export`, t.token);
    expect(exported.status).toBe(200);
    const entries = await unzip(exported.body);
    expect(entries.get('content/images/pic.png')?.equals(PICTURE)).toBe(true);
    expect(entries.get('content/videos/big.mp4')?.equals(VIDEO)).toBe(true);
    expect(entries.get(`content/images/${up.body.data.filename}`)?.equals(signed('png', 'uploaded-bytes'))).toBe(true);
    expect(JSON.parse(entries.get(`${lib}/library.json`)!.toString()).machineName).toBe('H5P.TrueFalse');

    // the SCORM export
    const scorm = await download(`/h5p/content/${id}/export-scorm?version=2004`, t.token);
    expect(scorm.status).toBe(200);
    const scormEntries = await unzip(scorm.body);
    expect(scormEntries.has('imsmanifest.xml')).toBe(true);
    expect([...scormEntries.keys()].some((k) => k.endsWith('videos/big.mp4'))).toBe(true);
    expect([...scormEntries.keys()].some((k) => k.endsWith(`${lib}/library.json`))).toBe(true);

    // a duplicate: its files copied within the bucket
    const dup = await call('POST', `/h5p/content/${id}/duplicate`, { token: t.token });
    expect(dup.status).toBe(201);
    const copyId = dup.body.data.contentId as string;
    expect((await bucket.list(`content/${copyId}/`)).map((f) => f.name)).toEqual((await bucket.list(`content/${id}/`)).map((f) => f.name));

    // the player serves the copy's files through its token route
    const play = await call('GET', `/h5p/play/${copyId}`, { token: t.token });
    expect(play.status).toBe(200);

    // delete: nothing left in the bucket
    expect((await call('DELETE', `/h5p/content/${id}`, { token: t.token })).status).toBe(200);
    expect(await bucket.list(`content/${id}/`)).toEqual([]);
    expect(await bucket.list(`content/${copyId}/`)).not.toEqual([]);
    expect(fs.existsSync(path.join(ownDataDir, 'h5p', 'content'))).toBe(false);
  });
});
