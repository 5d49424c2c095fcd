// Issue 7, item 5: an export of imported content holds one content/content.json — the current parameters —
// never the stale copy from the import; the same for the SCORM package.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as yauzl from 'yauzl-promise';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { setPlan, signedIn } from '../support/factories';
import { api } from '../support/http';
import { installTestLibraries } from '../support/h5p';
import { contentPackage, libraryString, SAMPLE_PARAMS } from '../support/h5p-packages';

beforeAll(async () => {
  await installTestLibraries();
});

function form(data: Buffer) {
  const f = new FormData();
  f.append('h5p', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'content.h5p');
  return f;
}

async function entries(zipData: Buffer): Promise<Map<string, string[]>> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-zip-')), 'x.zip');
  fs.writeFileSync(file, zipData);
  const zip = await yauzl.open(file);
  const out = new Map<string, string[]>();
  try {
    for (const e of await zip.readEntries()) {
      const chunks: Buffer[] = [];
      for await (const c of (await e.openReadStream()) as AsyncIterable<Buffer>) chunks.push(c);
      out.set(e.filename, [...(out.get(e.filename) ?? []), Buffer.concat(chunks).toString('utf8')]);
    }
  } finally {
    await zip.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return out;
}

async function download(p: string, token: string): Promise<Buffer> {
  const res = await fetch(`${inject('appUrl')}${p}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const EDITED = { ...(SAMPLE_PARAMS['H5P.MultiChoice'] as object), question: '<p>What is 3 + 3?</p>' };

describe('exports of imported content carry the current parameters only', () => {
  it('import, update, export: one content/content.json with the new parameters, and a re-import gives them back', async () => {
    const t = await signedIn(['teacher']);
    const imported = await api('POST', '/h5p/import', { token: t.token, body: form(contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'], media: { 'images/pic.png': Buffer.from('png') } })) });
    expect(imported.status).toBe(201);
    const id = imported.body.data.contentId as string;
    // the package's content.json is not kept as a content file
    expect(fs.existsSync(path.join(inject('appDataDir'), 'h5p', 'content', id, 'content.json'))).toBe(false);
    expect((await api('PUT', `/h5p/content/${id}`, { token: t.token, body: { library: libraryString('H5P.MultiChoice'), params: EDITED } })).status).toBe(200);

    const pkg = await download(`/h5p/content/${id}/export`, t.token);
    const files = await entries(pkg);
    expect(files.get('content/content.json')).toHaveLength(1);
    expect(JSON.parse(files.get('content/content.json')![0]!)).toEqual(EDITED);
    expect(files.get('content/images/pic.png')).toEqual(['png']);

    const again = await api('POST', '/h5p/import', { token: t.token, body: form(pkg) });
    expect(again.status).toBe(201);
    expect((await db().h5pContent.findUniqueOrThrow({ where: { id: again.body.data.contentId } })).parameters).toEqual(EDITED);
  });

  it('content imported before the fix (a stale content.json on disk) exports the current parameters once', async () => {
    const t = await signedIn(['teacher']);
    const imported = await api('POST', '/h5p/import', { token: t.token, body: form(contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'] })) });
    const id = imported.body.data.contentId as string;
    const dir = path.join(inject('appDataDir'), 'h5p', 'content', id);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'content.json'), JSON.stringify({ question: '<p>stale</p>' }));
    await db().h5pContent.update({ where: { id }, data: { parameters: EDITED } });
    const files = await entries(await download(`/h5p/content/${id}/export`, t.token));
    expect(files.get('content/content.json')).toHaveLength(1);
    expect(JSON.parse(files.get('content/content.json')![0]!)).toEqual(EDITED);
    // and the stale file is removed on the next save
    expect((await api('PUT', `/h5p/content/${id}`, { token: t.token, body: { library: libraryString('H5P.MultiChoice'), params: EDITED } })).status).toBe(200);
    expect(fs.existsSync(path.join(dir, 'content.json'))).toBe(false);
  });

  it.each(['1.2', '2004'])('the SCORM %s package holds one content.json with the new parameters', async (version) => {
    const t = await signedIn(['teacher']);
    await setPlan(t.user.id, 'premium');
    const imported = await api('POST', '/h5p/import', { token: t.token, body: form(contentPackage({ machineName: 'H5P.MultiChoice', params: SAMPLE_PARAMS['H5P.MultiChoice'] })) });
    const id = imported.body.data.contentId as string;
    expect((await api('PUT', `/h5p/content/${id}`, { token: t.token, body: { library: libraryString('H5P.MultiChoice'), params: EDITED } })).status).toBe(200);
    const files = await entries(await download(`/h5p/content/${id}/export-scorm?version=${version}`, t.token));
    expect(files.get('content.json')).toHaveLength(1);
    expect(JSON.parse(files.get('content.json')![0]!)).toEqual(EDITED);
    expect([...files.keys()].filter((n) => n.endsWith('content.json'))).toEqual(['content.json']);
  });
});
