// Issue 7, item 13 and the standing guard "hostile-package corpus": every package of tests/fixtures/hostile,
// through POST /h5p/import and through the editor's POST /h5p/ajax?action=library-upload, answers 400 with a
// clear text and leaves nothing behind (no rows, no files under DATA_DIR/h5p, no quota or storage taken).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { installTestLibraries } from '../support/h5p';
import { HOSTILE_PACKAGES, SCRIPT_IN_TEXT_FIELDS, scriptInTextFieldsPackage, type HostilePackage } from '../fixtures/hostile';

beforeAll(async () => {
  await installTestLibraries();
});

function form(data: Buffer) {
  const f = new FormData();
  f.append('h5p', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'hostile.h5p');
  return f;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

async function state(userId: string) {
  const root = path.join(inject('appDataDir'), 'h5p');
  const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
  return {
    contents: await db().h5pContent.count(),
    owners: await db().contentOwnership.count(),
    libraries: await db().h5pLibrary.count(),
    files: ['content', 'libraries', 'temp'].flatMap((d) => filesUnder(path.join(root, d))),
    quota: user.contentsCreatedThisMonth,
    storage: user.storageUsed,
  };
}

const cache = new Map<string, Promise<Buffer>>();
const built = (p: HostilePackage) => {
  if (!cache.has(p.name)) cache.set(p.name, p.build());
  return cache.get(p.name)!;
};

async function expectRefused(res: { status: number; body: any }, error: string | RegExp) {
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  if (typeof error === 'string') expect(res.body.error).toBe(error);
  else expect(res.body.error).toMatch(error);
}

describe('hostile packages', () => {
  it.each(HOSTILE_PACKAGES.map((p) => [p.name, p] as const))('POST /h5p/import refuses %s with 400 and leaves nothing behind', async (_name, p) => {
    const t = await signedIn(['teacher']);
    const before = await state(t.user.id);
    await expectRefused(await api('POST', '/h5p/import', { token: t.token, body: form(await built(p)) }), p.error);
    expect(await state(t.user.id)).toEqual(before);
  });

  it.each(HOSTILE_PACKAGES.map((p) => [p.name, p] as const))('the editor’s library-upload refuses %s with 400 and leaves nothing behind', async (_name, p) => {
    const admin = await signedIn(['super_admin']);
    const before = await state(admin.user.id);
    await expectRefused(await api('POST', `/h5p/ajax?action=library-upload&token=${admin.token}`, { token: admin.token, body: form(await built(p)) }), p.error);
    expect(await state(admin.user.id)).toEqual(before);
  });

  it('library-upload without a file answers 400', async () => {
    const admin = await signedIn(['super_admin']);
    await expectRefused(await api('POST', `/h5p/ajax?action=library-upload&token=${admin.token}`, { token: admin.token, body: new FormData() }), 'No file uploaded');
  });

  it('a package with script in its text fields is imported with the script filtered out', async () => {
    const t = await signedIn(['teacher']);
    const res = await api('POST', '/h5p/import', { token: t.token, body: form(await scriptInTextFieldsPackage()) });
    expect(res.status).toBe(201);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id: res.body.data.contentId } })).parameters).toEqual(SCRIPT_IN_TEXT_FIELDS.filtered);
  });
});
