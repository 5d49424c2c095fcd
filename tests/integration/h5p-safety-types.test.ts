// Issue 7, items 16–18: a teacher's import that needs content types not installed says so in plain words;
// every installed content type has a slug and a title in lists and the essentials use the Hub's real machine
// names; the editor model's integration carries contentLanguage.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db } from '@/lib/db/client';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';
import { zip, type ZipEntry } from '../support/h5p-packages';

interface Lib {
  machineName: string;
  title: string;
  major: number;
  minor: number;
}

// Flash Cards: an essential type no other test installs (the AI tests install their own Dialog Cards)
const FLASHCARDS: Lib = { machineName: 'H5P.Flashcards', title: 'Flashcards (test)', major: 1, minor: 7 };
const AGAMOTTO: Lib = { machineName: 'H5P.Agamotto', title: 'Agamotto (test)', major: 1, minor: 5 };

/** A small runnable library written here (not served by the stand-in hub, so no other test sees it). */
function libraryFiles(l: Lib): ZipEntry[] {
  const dir = `${l.machineName}-${l.major}.${l.minor}`;
  return [
    { name: `${dir}/library.json`, data: Buffer.from(JSON.stringify({ title: l.title, machineName: l.machineName, majorVersion: l.major, minorVersion: l.minor, patchVersion: 0, runnable: 1, embedTypes: ['iframe'], preloadedJs: [{ path: 'main.js' }] })) },
    { name: `${dir}/semantics.json`, data: Buffer.from(JSON.stringify([{ name: 'text', type: 'text', widget: 'html', tags: ['p'] }])) },
    { name: `${dir}/main.js`, data: Buffer.from(`H5P.${l.machineName.split('.')[1]} = function () {};`) },
  ];
}

function packageFor(main: Lib, opts: { deps?: Lib[]; withLibraries?: boolean } = {}): Buffer {
  const deps = [main, ...(opts.deps ?? [])];
  const h5pJson = {
    title: `${main.title} content`,
    language: 'und',
    mainLibrary: main.machineName,
    embedTypes: ['iframe'],
    license: 'U',
    preloadedDependencies: deps.map((d) => ({ machineName: d.machineName, majorVersion: d.major, minorVersion: d.minor })),
  };
  return zip([
    { name: 'h5p.json', data: Buffer.from(JSON.stringify(h5pJson)) },
    { name: 'content/content.json', data: Buffer.from(JSON.stringify({ text: '<p>Hello</p>' })) },
    ...(opts.withLibraries ? deps.flatMap(libraryFiles) : []),
  ]);
}

function form(data: Buffer) {
  const f = new FormData();
  f.append('h5p', new Blob([new Uint8Array(data)], { type: 'application/zip' }), 'content.h5p');
  return f;
}

const importAs = (token: string, pkg: Buffer) => api('POST', '/h5p/import', { token, body: form(pkg) });

beforeAll(async () => {
  await installTestLibraries();
});

afterAll(async () => {
  // leave the installed libraries as the other test files expect them (five essentials from the stand-in hub)
  const names = [FLASHCARDS.machineName, AGAMOTTO.machineName];
  const ids = (await db().h5pContent.findMany({ where: { mainLibrary: { in: names } }, select: { id: true } })).map((c) => c.id);
  await db().contentOwnership.deleteMany({ where: { contentId: { in: ids } } });
  await db().h5pContent.deleteMany({ where: { id: { in: ids } } });
  await db().h5pLibrary.deleteMany({ where: { machineName: { in: names } } });
  for (const l of [FLASHCARDS, AGAMOTTO]) fs.rmSync(path.join(inject('appDataDir'), 'h5p', 'libraries', `${l.machineName}-${l.major}.${l.minor}`), { recursive: true, force: true });
});

describe('a teacher importing content whose types are not installed', () => {
  const FOO: Lib = { machineName: 'H5P.Foo', title: 'Foo', major: 1, minor: 2 };
  const BAR: Lib = { machineName: 'H5P.Bar', title: 'Bar', major: 1, minor: 0 };
  const TEXT = 'This package needs content types that are not installed: H5P.Foo 1.2, H5P.Bar 1.0. Ask an administrator to install them.';

  it('is told which content types are missing and who can install them (400)', async () => {
    const t = await signedIn(['teacher']);
    const before = await db().h5pContent.count();
    const res = await importAs(t.token, packageFor(FOO, { deps: [BAR] }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: TEXT });
    expect(await db().h5pContent.count()).toBe(before);
  });

  it('gets the same answer when the package carries the libraries (a teacher never installs them)', async () => {
    const t = await signedIn(['teacher']);
    const res = await importAs(t.token, packageFor(FOO, { deps: [BAR], withLibraries: true }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(TEXT);
    expect(await db().h5pLibrary.count({ where: { machineName: { in: ['H5P.Foo', 'H5P.Bar'] } } })).toBe(0);
  });
});

describe('content types outside the fixed mapping', () => {
  it('every installed type has a slug and a title; the essentials use the Hub’s machine names', async () => {
    const admin = await signedIn(['super_admin']);
    const statusBefore = (await api('GET', '/h5p/libraries/status', { token: admin.token })).body.data;
    expect(statusBefore.status).toContainEqual({ name: 'H5P.Flashcards', installed: false });
    // the Hub's spelling of the essentials
    expect(statusBefore.status.map((s: { name: string }) => s.name)).toContain('H5P.Dialogcards');
    expect(statusBefore.status.map((s: { name: string }) => s.name)).not.toContain('H5P.DialogCards');

    // an administrator installs both types from packages that carry them
    for (const l of [FLASHCARDS, AGAMOTTO]) expect((await importAs(admin.token, packageFor(l, { withLibraries: true }))).status).toBe(201);

    const status = (await api('GET', '/h5p/libraries/status', { token: admin.token })).body.data;
    expect(status.status).toContainEqual({ name: 'H5P.Flashcards', installed: true });
    expect(status.installed).toBe(statusBefore.installed + 1);
    expect(status.installed).toBe(status.status.filter((s: { installed: boolean }) => s.installed).length);

    // a teacher's content of those types is listed with a slug, never unknown
    const t = await signedIn(['teacher']);
    const dc = await importAs(t.token, packageFor(FLASHCARDS));
    const ag = await importAs(t.token, packageFor(AGAMOTTO));
    expect([dc.status, ag.status]).toEqual([201, 201]);
    const mc = await createContent(t.token, 'H5P.MultiChoice');
    const list = (await api('GET', '/h5p/content', { token: t.token })).body.data as { id: string; contentTypeSlug: string }[];
    const slug = (id: string) => list.find((c) => c.id === id)?.contentTypeSlug;
    expect([slug(dc.body.data.contentId), slug(ag.body.data.contentId), slug(mc)]).toEqual(['flashcards', 'agamotto', 'multiple-choice']);

    // the content-types list shows the installed libraries' titles
    const types = (await api('GET', '/h5p/content-types', { token: t.token })).body.data.contentTypes as { id: string; title: string }[];
    expect(types).toContainEqual(expect.objectContaining({ id: 'H5P.Flashcards', title: 'Flashcards (test)' }));
    expect(types).toContainEqual(expect.objectContaining({ id: 'H5P.Agamotto', title: 'Agamotto (test)' }));
  });
});

describe('the editor model', () => {
  it('names the content language in its integration for /h5p/new and /h5p/edit/:id (rule 8)', async () => {
    const t = await signedIn(['teacher']);
    const created = await api('GET', `/h5p/new?language=de&token=${t.token}`);
    expect(created.status).toBe(200);
    expect(created.body.data.integration.contentLanguage).toBe('de');
    expect(created.body.data.contentLanguage).toBe('de');
    const id = await createContent(t.token, 'H5P.TrueFalse');
    const edited = await api('GET', `/h5p/edit/${id}`, { token: t.token });
    expect(edited.status).toBe(200);
    expect(edited.body.data.integration.contentLanguage).toBe('en');
    const editedFr = await api('GET', `/h5p/edit/${id}?language=fr`, { token: t.token });
    expect(editedFr.body.data.integration.contentLanguage).toBe('fr');
  });
});
