// Storage accounting: content files count against the owner's plan allowance (issue 2, plans and quotas),
// across media attach, create with temporary images, import, marketplace clone and delete.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { signed } from '../support/images';
import { createContent, installTestLibraries } from '../support/h5p';
import { contentPackage, SAMPLE_PARAMS } from '../support/h5p-packages';

beforeAll(async () => {
  await installTestLibraries();
});

const FREE_ALLOWANCE = 100 * 1024 * 1024;
const b64 = (b: Buffer) => b.toString('base64');
const storageOf = async (userId: string) => Number((await db().user.findUniqueOrThrow({ where: { id: userId } })).storageUsed);
const contentFolder = (id: string) => path.join(inject('appDataDir'), 'h5p', 'content', id);

async function upload(token: string, name: string, bytes: number) {
  const res = await api('POST', '/h5p/media/upload', { token, body: { filename: name, data: b64(signed('png', bytes)), contentType: 'image/png' } });
  expect(res.status).toBe(201);
  return res.body.data.filename as string;
}

describe('storage accounting', () => {
  it('charges attached media to the owner, shows it in /me, and gives it back on delete', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.MultiChoice');
    const base = await storageOf(t.user.id);
    const name = await upload(t.token, 'photo.png', 4096);
    expect(await storageOf(t.user.id)).toBe(base); // temporary uploads are not charged
    const res = await api('POST', '/h5p/media/attach', { token: t.token, body: { contentId: id, files: [name] } });
    expect(res.body.data.count).toBe(1);
    expect(await storageOf(t.user.id)).toBe(base + 4096);
    const me = await api('GET', '/api/auth/me', { token: t.token });
    expect(me.body.data.usage.storageUsed).toBe(base + 4096);

    expect((await api('DELETE', `/h5p/content/${id}`, { token: t.token })).status).toBe(200);
    expect(await storageOf(t.user.id)).toBe(base);
    expect(fs.existsSync(contentFolder(id))).toBe(false);
  });

  it('charges temporary images attached on create', async () => {
    const t = await signedIn(['teacher']);
    const name = await upload(t.token, 'cover.png', 2048);
    const before = await storageOf(t.user.id);
    const res = await api('POST', '/h5p/content', {
      token: t.token,
      body: { library: 'H5P.TrueFalse 1.8', params: SAMPLE_PARAMS['H5P.TrueFalse'], tempImageFiles: [name] },
    });
    expect(res.status).toBe(201);
    expect(await storageOf(t.user.id)).toBe(before + 2048);
  });

  it('charges the media of an imported package', async () => {
    const t = await signedIn(['teacher']);
    const before = await storageOf(t.user.id);
    const pkg = contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], media: { 'images/a.png': Buffer.alloc(10_000, 1) } });
    const f = new FormData();
    f.append('h5p', new Blob([new Uint8Array(pkg)], { type: 'application/zip' }), 'a.h5p');
    const res = await api('POST', '/h5p/import', { token: t.token, body: f });
    expect(res.status).toBe(201);
    // every file the content keeps on disk is charged (the image and the importer's copy of content.json)
    const onDisk = (dir: string): number =>
      fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? onDisk(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);
    const size = onDisk(contentFolder(res.body.data.contentId));
    expect(size).toBeGreaterThanOrEqual(10_000);
    expect(await storageOf(t.user.id)).toBe(before + size);
  });

  it('refuses media past the allowance with 403 Storage limit reached and leaves nothing behind', async () => {
    const owner = await signedIn(['teacher']);
    const id = await createContent(owner.token, 'H5P.MultiChoice');
    // the owner is moved to the free plan (100 MB) with 100 bytes left
    await db().user.update({ where: { id: owner.user.id }, data: { plan: 'free', storageUsed: BigInt(FREE_ALLOWANCE - 100) } });
    const name = await upload(owner.token, 'big.png', 1000);
    const res = await api('POST', '/h5p/media/attach', { token: owner.token, body: { contentId: id, files: [name] } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Storage limit reached' });
    expect(fs.existsSync(path.join(contentFolder(id), 'images', name))).toBe(false);
    expect(await storageOf(owner.user.id)).toBe(FREE_ALLOWANCE - 100);
  });

  it('charges a marketplace clone to the cloner, and refuses it past the allowance without a partial copy', async () => {
    const author = await signedIn(['teacher']);
    const id = await createContent(author.token, 'H5P.MultiChoice');
    const name = await upload(author.token, 'map.png', 5000);
    await api('POST', '/h5p/media/attach', { token: author.token, body: { contentId: id, files: [name] } });
    await api('PATCH', `/h5p/content/${id}/visibility`, { token: author.token, body: { visibility: 'public' } });

    const cloner = await signedIn(['teacher']);
    const before = await storageOf(cloner.user.id);
    const ok = await api('POST', `/api/marketplace/public-contents/${id}/clone`, { token: cloner.token });
    expect(ok.status).toBe(201);
    expect(await storageOf(cloner.user.id)).toBe(before + 5000);

    const full = await signedIn(['teacher']);
    await db().user.update({ where: { id: full.user.id }, data: { plan: 'free', storageUsed: BigInt(FREE_ALLOWANCE - 10) } });
    const owned = await db().contentOwnership.count({ where: { userId: full.user.id } });
    const refused = await api('POST', `/api/marketplace/public-contents/${id}/clone`, { token: full.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Storage limit reached');
    expect(await db().contentOwnership.count({ where: { userId: full.user.id } })).toBe(owned);
    const row = await db().user.findUniqueOrThrow({ where: { id: full.user.id } });
    expect(Number(row.storageUsed)).toBe(FREE_ALLOWANCE - 10);
    expect(row.contentsCreatedThisMonth).toBe(0);
  });
});
