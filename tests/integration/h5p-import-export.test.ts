import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { contentPackage, h5pJson, libraryEntries, SAMPLE_PARAMS, zip } from '../support/h5p-packages';

beforeAll(async () => {
  await installTestLibraries();
});

function form(data: Buffer, filename = 'content.h5p', type = 'application/zip', field = 'h5p') {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return f;
}

const contentDirs = () => {
  const root = path.join(inject('appDataDir'), 'h5p', 'content');
  return fs.existsSync(root) ? fs.readdirSync(root).sort() : [];
};

async function state() {
  return { rows: await db().h5pContent.count(), owners: await db().contentOwnership.count(), dirs: contentDirs() };
}

const importAs = (token: string, body: FormData) => api('POST', '/h5p/import', { token, body });

describe('POST /h5p/import', () => {
  it('imports a package as private content of the caller', async () => {
    const t = await signedIn(['teacher']);
    const pkg = contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], title: 'Imported MC', media: { 'images/pic.png': Buffer.from('fake-png') } });
    const res = await importAs(t.token, form(pkg));
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe('string');
    const { contentId, installedLibraries } = res.body.data;
    expect(installedLibraries).toBe(0); // already installed; a teacher never installs libraries from a package
    const row = await db().h5pContent.findUniqueOrThrow({ where: { id: contentId } });
    expect(row.title).toBe('Imported MC');
    expect(row.parameters).toEqual(SAMPLE_PARAMS['H5P.MultiChoice']);
    expect(await db().contentOwnership.findUnique({ where: { contentId } })).toMatchObject({ userId: t.user.id, visibility: 'private' });
    expect(fs.readFileSync(path.join(inject('appDataDir'), 'h5p', 'content', contentId, 'images', 'pic.png'), 'utf8')).toBe('fake-png');
  });

  it('streams a package larger than the proxy body limit (12 MB) and sends the embedding headers', async () => {
    const t = await signedIn(['teacher']);
    const big = Buffer.alloc(12 * 1024 * 1024, 7);
    const pkg = contentPackage({ machineName: 'H5P.TrueFalse', params: SAMPLE_PARAMS['H5P.TrueFalse'], media: { 'videos/big.mp4': big } });
    const res = await importAs(t.token, form(pkg));
    expect(res.status).toBe(201);
    expect(res.headers.get('content-security-policy')).toBe('frame-ancestors *');
    expect(fs.statSync(path.join(inject('appDataDir'), 'h5p', 'content', res.body.data.contentId, 'videos', 'big.mp4')).size).toBe(big.length);
    const ajax = await api('GET', `/h5p/ajax?action=content-type-cache&token=${t.token}`);
    expect(ajax.headers.get('content-security-policy')).toBe('frame-ancestors *');
  });

  it('accepts application/octet-stream and any .h5p file name', async () => {
    const t = await signedIn(['teacher']);
    const pkg = contentPackage({ machineName: 'H5P.TrueFalse', params: SAMPLE_PARAMS['H5P.TrueFalse'] });
    expect((await importAs(t.token, form(pkg, 'x.bin', 'application/octet-stream'))).status).toBe(201);
    expect((await importAs(t.token, form(pkg, 'x.h5p', 'text/plain'))).status).toBe(201);
    expect((await importAs(t.token, form(pkg, 'x.zip', 'application/x-zip-compressed'))).status).toBe(201);
  });

  it('skips a file at the top level as H5P does (H5P_CONTENT_HERE.txt of real packages): imported, and the file kept nowhere', async () => {
    const t = await signedIn(['teacher']);
    const pkg = contentPackage({ machineName: 'H5P.TrueFalse', params: SAMPLE_PARAMS['H5P.TrueFalse'], extra: [{ name: 'H5P_CONTENT_HERE.txt', data: Buffer.from('content goes here') }] });
    const res = await importAs(t.token, form(pkg));
    expect(res.status, res.text).toBe(201);
    const exported = await fetch(`${inject('appUrl')}/h5p/content/${res.body.data.contentId}/export`, { headers: { Authorization: `Bearer ${t.token}` } });
    expect(exported.status).toBe(200);
    expect(Buffer.from(await exported.arrayBuffer()).includes(Buffer.from('H5P_CONTENT_HERE'))).toBe(false);
  });

  const hostile: [string, () => FormData, string | RegExp][] = [
    ['no file', () => new FormData(), 'No file uploaded'],
    ['a file in another field', () => form(Buffer.from('x'), 'a.h5p', 'application/zip', 'other'), 'No file uploaded'],
    ['a media type that is not accepted', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {} }), 'a.png', 'image/png'), 'Invalid file type: upload an .h5p package (application/zip)'],
    ['not a ZIP', () => form(Buffer.from('this is not a zip file at all')), 'Invalid file: not a valid ZIP archive'],
    ['a truncated ZIP', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {} }).subarray(0, 200)), 'Invalid file: not a valid ZIP archive'],
    ['a package of libraries only', () => form(zip(libraryEntries('H5P.TrueFalse'))), 'Package contains only libraries and no content'],
    ['an entry with ..', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {}, extra: [{ name: 'content/../../evil.json', data: Buffer.from('{}') }] })), 'Invalid package: unsafe path "content/../../evil.json"'],
    ['an absolute path', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {}, extra: [{ name: '/etc/evil.json', data: Buffer.from('{}') }] })), 'Invalid package: unsafe path "/etc/evil.json"'],
    ['a symbolic link', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {}, extra: [{ name: 'content/images/link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 }] })), 'Invalid package: symbolic link "content/images/link.png" is not allowed'],
    ['a disallowed extension', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {}, extra: [{ name: 'content/run.exe', data: Buffer.from('MZ') }] })), 'Invalid package: file type not allowed "content/run.exe"'],
    ['an HTML file in a library', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {}, extra: [{ name: 'H5P.TrueFalse-1.8/x.html', data: Buffer.from('<script>') }] })), 'Invalid package: file type not allowed "H5P.TrueFalse-1.8/x.html"'],
    ['a declared zip bomb', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {}, extra: [{ name: 'content/videos/big.mp4', data: Buffer.alloc(10), declaredSize: 600 * 1024 * 1024 }] })), 'Invalid package: "content/videos/big.mp4" exceeds the single file limit'],
    ['a zip bomb that lies about its size', () => form(contentPackage({ machineName: 'H5P.TrueFalse', params: {}, extra: [{ name: 'content/files/bomb.txt', data: Buffer.alloc(2 * 1024 * 1024), declaredSize: 1000 }] })), 'Invalid package: uncompressed size exceeds the content limit'],
    ['a package without h5p.json', () => form(zip([{ name: 'content/content.json', data: Buffer.from('{}') }])), 'Invalid package: h5p.json or content/content.json is missing'],
    ['a package whose library is not installed', () => form(zip([
      { name: 'h5p.json', data: Buffer.from(JSON.stringify({ ...h5pJson('H5P.TrueFalse'), mainLibrary: 'H5P.Unknown', preloadedDependencies: [{ machineName: 'H5P.Unknown', majorVersion: 1, minorVersion: 0 }] })) },
      { name: 'content/content.json', data: Buffer.from('{}') },
    ])), 'This package needs content types that are not installed: H5P.Unknown 1.0. Ask an administrator to install them.'],
    ['broken JSON in content.json', () => form(zip([
      { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5pJson('H5P.TrueFalse'))) },
      { name: 'content/content.json', data: Buffer.from('{broken') },
    ])), /^Invalid package: /],
  ];

  it.each(hostile)('answers 400 for %s and leaves nothing behind', async (_name, body, error) => {
    const t = await signedIn(['teacher']);
    const before = await state();
    const res = await importAs(t.token, body());
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    if (typeof error === 'string') expect(res.body.error).toBe(error);
    else expect(res.body.error).toMatch(error);
    expect(await state()).toEqual(before);
    expect((await db().user.findUniqueOrThrow({ where: { id: t.user.id } })).contentsCreatedThisMonth).toBe(0);
  });

  it('answers 401 without a token and 403 for a student', async () => {
    expect((await api('POST', '/h5p/import', { body: new FormData() })).status).toBe(401);
    const s = await signedIn(['student']);
    expect((await api('POST', '/h5p/import', { token: s.token, body: new FormData() })).status).toBe(403);
  });
});

describe('GET /h5p/content/:contentId/export', () => {
  it('exports a .h5p named after the title that re-imports to identical parameters', async () => {
    const t = await signedIn(['teacher']);
    const id = await createContent(t.token, 'H5P.Blanks', { title: 'Capitals quiz' });
    const res = await fetch(`${inject('appUrl')}/h5p/content/${id}/export`, { headers: { Authorization: `Bearer ${t.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Capitals quiz.h5p"');
    const pkg = Buffer.from(await res.arrayBuffer());
    const again = await importAs(t.token, form(pkg, 'Capitals quiz.h5p'));
    expect(again.status).toBe(201);
    const [a, b] = await Promise.all([
      db().h5pContent.findUniqueOrThrow({ where: { id } }),
      db().h5pContent.findUniqueOrThrow({ where: { id: again.body.data.contentId } }),
    ]);
    expect(b.parameters).toEqual(a.parameters);
    expect(b.title).toBe('Capitals quiz');
  });

  it('answers 403 for someone else’s private content and 404 for unknown content', async () => {
    const owner = await signedIn(['teacher']);
    const other = await signedIn(['teacher']);
    const id = await createContent(owner.token, 'H5P.TrueFalse');
    const res = await api('GET', `/h5p/content/${id}/export`, { token: other.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'You do not own this content' });
    expect((await api('GET', '/h5p/content/nope/export', { token: owner.token })).status).toBe(404);
  });
});
