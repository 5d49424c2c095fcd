// Issue 28 item 3: licences and attribution as H5P's "Rights of use" defines them. PATCH /h5p/content/:id/metadata
// edits an item's licence metadata (owner and editor; 403/404 otherwise; 400 with the exact texts) as a save that
// keeps a revision and leaves the parameters alone; the marketplace lists and filters by licence; a clone of content
// whose licence forbids derivatives is refused with nothing created, and any other clone keeps the licence and
// authors and adds a change-log entry.
import { beforeAll, describe, expect, it } from 'vitest';
import { db, type Prisma } from '@/lib/db/client';
import { createContent as seedContent, createTenant, signedIn, signedInTenant, uniqueWord } from '../support/factories';
import { api } from '../support/http';
import { createContent, installTestLibraries } from '../support/h5p';

type Who = { token: string; email: string; user: { id: string; name: string; email: string } };
const meta = (id: string) => `/h5p/content/${id}/metadata`;
const clonePath = (id: string) => `/api/marketplace/public-contents/${id}/clone`;
const err = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];
const H5P_DATE = /^[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9]{1,2}:[0-9]{2}:[0-9]{2}$/;

let owner: Who, editor: Who, viewer: Who, colleague: Who, stranger: Who;

beforeAll(async () => {
  await installTestLibraries();
  const tenant = (await createTenant()).id;
  [owner, editor, viewer, colleague] = (await Promise.all([0, 1, 2, 3].map(() => signedInTenant(['teacher'], tenant)))) as unknown as [Who, Who, Who, Who];
  stranger = await signedIn(['teacher']);
});

async function sharedItem(title = 'Rights quiz') {
  const id = await createContent(owner.token, 'H5P.TrueFalse', { title });
  await db().contentShare.createMany({ data: [{ contentId: id, userId: editor.user.id, role: 'editor' }, { contentId: id, userId: viewer.user.id, role: 'viewer' }] });
  return id;
}

describe('PATCH /h5p/content/:id/metadata', () => {
  it('saves the rights of use for the owner as a revision, leaving the parameters as they were', async () => {
    const id = await sharedItem();
    const before = await db().h5pContent.findUniqueOrThrow({ where: { id }, select: { parameters: true, metadata: true } });
    const revsBefore = await db().contentRevision.count({ where: { contentId: id } });
    const res = await api('PATCH', meta(id), {
      token: owner.token,
      body: {
        license: 'CC BY-SA',
        licenseVersion: '4.0',
        authors: [{ name: 'Ana Ruiz', role: 'Author' }, { name: 'Ben Okoro', role: 'Editor' }],
        source: 'https://example.org/volcanoes',
        yearFrom: 2024,
        yearTo: '2026',
        authorComments: 'Photos by the class.',
        change: { log: 'Added the licence' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Rights of use updated');
    expect(res.body.data.rights).toMatchObject({
      license: 'CC BY-SA',
      licenseVersion: '4.0',
      authors: [{ name: 'Ana Ruiz', role: 'Author' }, { name: 'Ben Okoro', role: 'Editor' }],
      source: 'https://example.org/volcanoes',
      yearFrom: 2024,
      yearTo: 2026,
      authorComments: 'Photos by the class.',
      licenseExtras: null,
    });
    expect(res.body.data.rights.changes).toHaveLength(1);
    expect(res.body.data.rights.changes[0]).toMatchObject({ author: owner.user.name, log: 'Added the licence' });
    expect(res.body.data.rights.changes[0].date).toMatch(H5P_DATE);

    // the row: the metadata in H5P's shape, the parameters untouched
    const after = await db().h5pContent.findUniqueOrThrow({ where: { id }, select: { parameters: true, metadata: true, title: true } });
    expect(after.parameters).toEqual(before.parameters);
    expect(after.title).toBe('Rights quiz');
    const m = after.metadata as Record<string, unknown>;
    expect(m).toMatchObject({ license: 'CC BY-SA', licenseVersion: '4.0', source: 'https://example.org/volcanoes', yearFrom: 2024, yearTo: 2026, mainLibrary: (before.metadata as Record<string, unknown>).mainLibrary });
    expect(m.licenseExtras).toBeUndefined();

    // one revision of kind edit, noted, with the same parameters; its id comes back as revisionId and ETag
    const revs = await db().contentRevision.findMany({ where: { contentId: id }, orderBy: { number: 'desc' } });
    expect(revs).toHaveLength(revsBefore + 1);
    expect(revs[0]).toMatchObject({ kind: 'edit', note: 'Rights of use changed', authorId: owner.user.id });
    expect(revs[0]!.parameters).toEqual(before.parameters);
    expect(res.body.revisionId).toBe(revs[0]!.id);
    expect(res.headers.get('etag')).toBe(`"${revs[0]!.id}"`);

    // the content page's source, the item's GET, still answers; an edit through the H5P save path still works after it
    expect((await api('GET', `/h5p/content/${id}`, { token: owner.token })).status).toBe(200);
  });

  it('lets an editor of a shared item save, keeps what the body leaves out, and refuses viewers, strangers and unknown items', async () => {
    const id = await sharedItem();
    expect((await api('PATCH', meta(id), { token: owner.token, body: { license: 'CC BY', licenseVersion: '3.0', authors: [{ name: 'Ana', role: 'Author' }] } })).status).toBe(200);
    const byEditor = await api('PATCH', meta(id), { token: editor.token, body: { source: 'http://example.org/a', change: { log: 'Source added' } } });
    expect(byEditor.status).toBe(200);
    expect(byEditor.body.data.rights).toMatchObject({ license: 'CC BY', licenseVersion: '3.0', authors: [{ name: 'Ana', role: 'Author' }], source: 'http://example.org/a' });
    expect(byEditor.body.data.rights.changes.at(-1)).toMatchObject({ author: editor.user.name, log: 'Source added' });

    const forbidden = [403, 'Only the owner can update this content'];
    expect(err(await api('PATCH', meta(id), { token: viewer.token, body: { license: 'C' } }))).toEqual(forbidden);
    expect(err(await api('PATCH', meta(id), { token: colleague.token, body: { license: 'C' } }))).toEqual(forbidden);
    expect(err(await api('PATCH', meta(id), { token: stranger.token, body: { license: 'C' } }))).toEqual(forbidden);
    expect(err(await api('PATCH', meta('no-such-content'), { token: owner.token, body: { license: 'C' } }))).toEqual([404, 'Content not found']);
    expect((await api('PATCH', meta(id), { body: { license: 'C' } })).status).toBe(401);
    const student = await signedIn(['student']);
    expect((await api('PATCH', meta(id), { token: student.token, body: { license: 'C' } })).status).toBe(403);
    // nothing changed by the refusals
    expect(((await db().h5pContent.findUniqueOrThrow({ where: { id } })).metadata as Record<string, unknown>).license).toBe('CC BY');
  });

  it('refuses invalid rights of use with the exact 400 texts and stores nothing', async () => {
    const id = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Validation' });
    const revs = await db().contentRevision.count({ where: { contentId: id } });
    const bad = async (body: unknown) => err(await api('PATCH', meta(id), { token: owner.token, body }));
    expect(await bad({ license: 'CC BY-XX' })).toEqual([400, 'Validation error: license: unknown licence code; use one of U, CC BY, CC BY-SA, CC BY-ND, CC BY-NC, CC BY-NC-SA, CC BY-NC-ND, CC0 1.0, CC PDM, GNU GPL, PD, ODC PDDL, C']);
    expect(await bad({ license: 'CC BY', licenseVersion: '5.0' })).toEqual([400, 'Validation error: licenseVersion: CC BY takes version 4.0, 3.0, 2.5, 2.0 or 1.0']);
    expect(await bad({ license: 'CC0 1.0', licenseVersion: '4.0' })).toEqual([400, 'Validation error: licenseVersion: CC0 1.0 takes version 1.0']);
    expect(await bad({ license: 'GNU GPL', licenseVersion: '3.0' })).toEqual([400, 'Validation error: licenseVersion: GNU GPL takes version v3, v2 or v1']);
    expect(await bad({ license: 'C', licenseVersion: '4.0' })).toEqual([400, 'Validation error: licenseVersion: C takes no version']);
    expect(await bad({ license: 'PD', licenseVersion: '1.0' })).toEqual([400, 'Validation error: licenseVersion: PD takes no version']);
    expect(await bad({ yearFrom: 99 })).toEqual([400, 'Validation error: yearFrom: must be a year of 4 digits']);
    expect(await bad({ yearTo: '20x6' })).toEqual([400, 'Validation error: yearTo: must be a year of 4 digits']);
    expect(await bad({ yearFrom: 2026, yearTo: 2020 })).toEqual([400, 'Validation error: yearTo: must not be before yearFrom']);
    expect(await bad({ source: 'javascript:alert(1)' })).toEqual([400, 'Validation error: source: must be an http(s) URL']);
    expect(await bad({ source: 'ftp://example.org/x' })).toEqual([400, 'Validation error: source: must be an http(s) URL']);
    expect(await bad({ authors: [{ name: 'Ana', role: 'Owner' }] })).toEqual([400, 'Validation error: authors.0.role: must be one of Author, Editor, Licensee, Originator']);
    expect(await bad({ authors: [{ name: ' ', role: 'Author' }] })).toEqual([400, 'Validation error: authors.0.name: is required']);
    expect(await bad({ authors: [{ name: 'x'.repeat(256), role: 'Author' }] })).toEqual([400, 'Validation error: authors.0.name: at most 255 characters']);
    expect(await bad({ authors: Array.from({ length: 21 }, (_, i) => ({ name: `A${i}`, role: 'Author' })) })).toEqual([400, 'Validation error: authors: at most 20 authors']);
    expect(await bad({ change: { log: '' } })).toEqual([400, 'Validation error: change.log: is required']);
    expect(await bad({ authorComments: 'x'.repeat(5001) })).toEqual([400, 'Validation error: authorComments: at most 5000 characters']);
    expect(await db().contentRevision.count({ where: { contentId: id } })).toBe(revs);
    expect(((await db().h5pContent.findUniqueOrThrow({ where: { id } })).metadata as Record<string, unknown>).license).toBe('U');

    // a new licence without a version: the old version stays when the code takes it, else it goes
    expect((await api('PATCH', meta(id), { token: owner.token, body: { license: 'CC BY-NC', licenseVersion: '2.5' } })).body.data.rights.licenseVersion).toBe('2.5');
    expect((await api('PATCH', meta(id), { token: owner.token, body: { license: 'CC BY-SA' } })).body.data.rights.licenseVersion).toBe('2.5');
    // a stale version stored by an older save does not block an edit of something else: it goes
    const row = await db().h5pContent.findUniqueOrThrow({ where: { id }, select: { metadata: true } });
    await db().h5pContent.update({ where: { id }, data: { metadata: { ...(row.metadata as object), license: 'U', licenseVersion: '4.0' } } });
    const stale = await api('PATCH', meta(id), { token: owner.token, body: { authors: [{ name: 'Ana', role: 'Author' }] } });
    expect(stale.status).toBe(200);
    expect(stale.body.data.rights).toMatchObject({ license: 'U', licenseVersion: null });
    await api('PATCH', meta(id), { token: owner.token, body: { license: 'CC BY-SA', licenseVersion: '2.5' } });
    const toC = await api('PATCH', meta(id), { token: owner.token, body: { license: 'C' } });
    expect(toC.body.data.rights).toMatchObject({ license: 'C', licenseVersion: null });
    expect(((await db().h5pContent.findUniqueOrThrow({ where: { id } })).metadata as Record<string, unknown>).licenseVersion).toBeUndefined();
  });

  it('refuses a save on top of a revision that is no longer the latest (409), as every save does', async () => {
    const id = await createContent(owner.token, 'H5P.TrueFalse', { title: 'Conflict' });
    const base = (await api('GET', `/h5p/content/${id}`, { token: owner.token })).body.currentRevision as string;
    expect((await api('PATCH', meta(id), { token: owner.token, body: { license: 'CC BY', baseRevision: base } })).status).toBe(200);
    const stale = await api('PATCH', meta(id), { token: owner.token, body: { license: 'PD', baseRevision: base } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/^This content was changed by .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC after you opened it$/);
    expect(((await db().h5pContent.findUniqueOrThrow({ where: { id } })).metadata as Record<string, unknown>).license).toBe('CC BY');
  });
});

/** public content of the owner with rights of use in its metadata (rows only) */
async function publicWith(title: string, rights: Record<string, unknown>, ownerId = owner.user.id) {
  const src = await seedContent({ ownerId, visibility: 'public', title, mainLibrary: 'H5P.TrueFalse', parameters: { question: `<p>${title}</p>` } });
  const row = await db().h5pContent.findUniqueOrThrow({ where: { id: src.id }, select: { metadata: true } });
  await db().h5pContent.update({ where: { id: src.id }, data: { metadata: { ...(row.metadata as object), ...rights } as Prisma.InputJsonValue } });
  return src.id;
}

describe('the marketplace and licences', () => {
  it('shows each card\'s licence and filters the list by licence code (any version); an unknown code is a 400', async () => {
    const word = uniqueWord('lic');
    const sa = await publicWith(`${word} sharealike`, { license: 'CC BY-SA', licenseVersion: '4.0' });
    const sa3 = await publicWith(`${word} sharealike three`, { license: 'CC BY-SA', licenseVersion: '3.0' });
    const nd = await publicWith(`${word} noderivs`, { license: 'CC BY-ND', licenseVersion: '4.0' });
    const none = await publicWith(`${word} nothing`, { license: '' });
    const list = (q: string) => api('GET', `/api/marketplace/public-contents?search=${word}&include=card${q}`, { token: stranger.token });

    const all = await list('');
    expect(all.status).toBe(200);
    const licences = Object.fromEntries((all.body.data as { id: string; license: string | null }[]).map((i) => [i.id, i.license]));
    expect(licences).toMatchObject({ [sa]: 'CC BY-SA 4.0', [sa3]: 'CC BY-SA 3.0', [nd]: 'CC BY-ND 4.0' });

    const bySa = await list(`&license=${encodeURIComponent('CC BY-SA')}`);
    expect(bySa.status).toBe(200);
    expect((bySa.body.data as { id: string }[]).map((i) => i.id).sort()).toEqual([sa, sa3].sort());
    expect(bySa.body.total).toBe(2);
    expect((await list(`&license=${encodeURIComponent('CC BY-ND')}`)).body.data.map((i: { id: string }) => i.id)).toEqual([nd]);
    // content without a licence is undisclosed (U), as H5P's default
    expect((await list('&license=U')).body.data.map((i: { id: string }) => i.id)).toEqual([none]);
    // other sorts filter the same way
    expect((await list(`&license=${encodeURIComponent('CC BY-SA')}&sortBy=popular`)).body.total).toBe(2);

    // a licence change reaches the filter at once (the copied key follows the content row)
    await api('PATCH', meta(sa3), { token: owner.token, body: { license: 'CC BY', licenseVersion: '4.0' } });
    expect((await list(`&license=${encodeURIComponent('CC BY-SA')}`)).body.data.map((i: { id: string }) => i.id)).toEqual([sa]);

    const unknown = await list('&license=MIT');
    expect(err(unknown)).toEqual([400, 'Validation error: license: unknown licence code; use one of U, CC BY, CC BY-SA, CC BY-ND, CC BY-NC, CC BY-NC-SA, CC BY-NC-ND, CC0 1.0, CC PDM, GNU GPL, PD, ODC PDDL, C']);
  });
});

describe('cloning and the licence', () => {
  it('refuses to clone content whose licence forbids derivatives (403) and creates nothing; collections still take it', async () => {
    const word = uniqueWord('nd');
    const nd = await publicWith(`${word} no derivatives`, { license: 'CC BY-NC-ND', licenseVersion: '4.0', authors: [{ name: 'Ana', role: 'Author' }] });
    const cloner = (await signedIn(['teacher'])) as Who;
    const countBefore = await db().contentOwnership.count({ where: { userId: cloner.user.id } });
    const usage = async () => (await api('GET', '/api/auth/me', { token: cloner.token })).body.data.usage;
    const usageBefore = await usage();
    const res = await api('POST', clonePath(nd), { token: cloner.token, body: { title: 'Mine' } });
    expect(err(res)).toEqual([403, "This content's licence (CC BY-NC-ND 4.0) does not allow derivatives: add it to a collection or embed it instead"]);
    expect(res.headers.get('x-error-code')).toBe('licence_no_derivatives');
    expect(await db().contentOwnership.count({ where: { userId: cloner.user.id } })).toBe(countBefore);
    expect(await db().contentClone.count({ where: { sourceContentId: nd } })).toBe(0);
    expect(await usage()).toEqual(usageBefore);
    // nor by duplicating it (someone else's content); its owner may
    expect((await api('POST', `/h5p/content/${nd}/duplicate`, { token: cloner.token })).status).toBe(403);
    // a collection takes it
    const col = await api('POST', '/api/collections', { token: cloner.token, body: { title: 'ND in a collection' } });
    expect((await api('POST', `/api/collections/${col.body.data.id}/items`, { token: cloner.token, body: { contentId: nd } })).status).toBe(201);

    // CC BY-ND without a version is refused the same way; copyright (C) is cloned as before
    const nd2 = await publicWith(`${word} nd plain`, { license: 'CC BY-ND' });
    expect(err(await api('POST', clonePath(nd2), { token: cloner.token }))).toEqual([403, "This content's licence (CC BY-ND) does not allow derivatives: add it to a collection or embed it instead"]);
    const c = await publicWith(`${word} copyright`, { license: 'C' });
    expect((await api('POST', clonePath(c), { token: cloner.token })).status).toBe(201);
  });

  it('keeps the licence and authors and adds a change-log entry naming the source; a duplicate keeps them too', async () => {
    const word = uniqueWord('chain');
    const src = await publicWith(`${word} Glaciers`, {
      license: 'CC BY-SA',
      licenseVersion: '4.0',
      authors: [{ name: 'Ana Ruiz', role: 'Author' }, { name: 'Ben', role: 'Originator' }],
      changes: [{ date: '25-01-02 10:00:00', author: 'Ana Ruiz', log: 'First version' }],
    });
    const cloner = (await signedIn(['teacher'])) as Who;
    const res = await api('POST', clonePath(src), { token: cloner.token });
    expect(res.status).toBe(201);
    const copyId = res.body.data.contentId as string;
    const m = (await db().h5pContent.findUniqueOrThrow({ where: { id: copyId } })).metadata as Record<string, any>;
    expect(m.license).toBe('CC BY-SA');
    expect(m.licenseVersion).toBe('4.0');
    expect(m.authors).toEqual([{ name: 'Ana Ruiz', role: 'Author' }, { name: 'Ben', role: 'Originator' }]);
    expect(m.changes).toHaveLength(2);
    expect(m.changes[0]).toEqual({ date: '25-01-02 10:00:00', author: 'Ana Ruiz', log: 'First version' });
    expect(m.changes[1]).toMatchObject({ author: cloner.user.name, log: `Copied from “${word} Glaciers” by ${owner.user.name}` });
    expect(m.changes[1].date).toMatch(H5P_DATE);
    // the source is untouched
    expect(((await db().h5pContent.findUniqueOrThrow({ where: { id: src } })).metadata as Record<string, any>).changes).toHaveLength(1);

    // the copy's rights can be edited further by its new owner (the clone's metadata passes the save path)
    const edit = await api('PATCH', meta(copyId), { token: cloner.token, body: { authors: [...m.authors, { name: cloner.user.name, role: 'Editor' }], change: { log: 'Adapted for year 7' } } });
    expect(edit.status).toBe(200);
    expect(edit.body.data.rights.changes).toHaveLength(3);

    // a source without authors credits its marketplace author
    const bare = await publicWith(`${word} bare`, { license: 'CC BY', licenseVersion: '4.0' });
    const bareCopy = (await api('POST', clonePath(bare), { token: cloner.token })).body.data.contentId as string;
    expect(((await db().h5pContent.findUniqueOrThrow({ where: { id: bareCopy } })).metadata as Record<string, any>).authors).toEqual([{ name: owner.user.name, role: 'Author' }]);

    // duplicating one's own copy keeps licence and authors and notes the copy
    const dup = await api('POST', `/h5p/content/${copyId}/duplicate`, { token: cloner.token });
    expect(dup.status).toBe(201);
    const dm = (await db().h5pContent.findUniqueOrThrow({ where: { id: dup.body.data.contentId } })).metadata as Record<string, any>;
    expect(dm).toMatchObject({ license: 'CC BY-SA', licenseVersion: '4.0' });
    expect(dm.authors).toHaveLength(3);
    expect(dm.changes.at(-1)).toMatchObject({ author: cloner.user.name, log: `Copied from “${word} Glaciers”` });
  });
});
