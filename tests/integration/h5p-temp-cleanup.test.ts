// Expired temporary uploads are removed by the hourly clean-up (run here directly, on the app's DATA_DIR).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { signed } from '../support/images';

describe('temporary file clean-up', () => {
  it('removes expired uploads, keeps fresh ones, and runs once per period across instances', async () => {
    process.env.DATA_DIR = inject('appDataDir');
    const { cache } = await import('@/lib/cache');
    await cache().del('h5p:temp-cleanup');
    const t = await signedIn(['teacher']);
    const up = async (name: string) =>
      (await api('POST', '/h5p/media/upload', { token: t.token, body: { filename: name, data: signed('png', name).toString('base64') } })).body.data.filename as string;
    const old = await up('old.png');
    const fresh = await up('fresh.png');
    const file = (n: string) => path.join(inject('appDataDir'), 'h5p', 'temp', t.user.id, 'uploads', n);
    expect(fs.existsSync(file(old))).toBe(true);
    // the old upload expired an hour ago
    const meta = JSON.parse(fs.readFileSync(`${file(old)}.metadata`, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(`${file(old)}.metadata`, JSON.stringify({ ...meta, expiresAt: new Date(Date.now() - 3_600_000).toISOString() }));

    const { cleanTemporaryFiles } = await import('@/lib/h5p/engine/temp-cleanup');
    expect(await cleanTemporaryFiles()).toBe(true);
    expect(fs.existsSync(file(old))).toBe(false);
    expect(fs.existsSync(file(fresh))).toBe(true);
    expect((await api('GET', `/h5p/temp/uploads/${old}`)).status).toBe(404);
    expect((await api('GET', `/h5p/temp/uploads/${fresh}`)).status).toBe(200);
    // another instance in the same period finds the lock taken
    expect(await cleanTemporaryFiles()).toBe(false);
  });
});
