// Issue 25 item 6: hidden content types — types that cannot work here (retired services) are left out of the H5P
// editor's own selector (the content-type-cache answer) and the create page's picker. GET/PUT
// /api/admin/content-types/hidden: every admin reads the list; it applies to every tenant, so only a super_admin
// replaces it; a bad body is a 400 with its exact text and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { DEFAULT_HIDDEN_TYPES } from '@/lib/h5p';
import { HIDDEN_TYPES_KEY } from '@/lib/h5p/content-types/hidden';
import { signedIn } from '../support/factories';
import { api } from '../support/http';
import { installTestLibraries } from '../support/h5p';

const PATH = '/api/admin/content-types/hidden';
type Caller = { token: string };
let superAdmin: Caller;
let schoolAdmin: Caller;
let teacher: Caller;
let student: Caller;

const forget = () => db().h5pKeyValue.deleteMany({ where: { key: HIDDEN_TYPES_KEY } });

/** the machine names the H5P editor's selector is offered */
async function selectorTypes(token: string): Promise<string[]> {
  const res = await api('GET', '/h5p/ajax?action=content-type-cache', { token });
  expect(res.status).toBe(200);
  return (res.body.libraries as { machineName: string }[]).map((l) => l.machineName);
}

beforeAll(async () => {
  await forget();
  await installTestLibraries();
  [superAdmin, schoolAdmin, teacher, student] = await Promise.all([signedIn(['super_admin']), signedIn(['school_admin']), signedIn(['teacher']), signedIn(['student'])]);
});

afterAll(forget);

describe('hidden content types API', () => {
  it('GET answers the built-in list (with reasons) to every admin until one is saved', async () => {
    for (const who of [superAdmin, schoolAdmin]) {
      const res = await api('GET', PATH, { token: who.token });
      expect(res.status).toBe(200);
      expect(res.body.data.isDefault).toBe(true);
      expect(res.body.data.types).toEqual(DEFAULT_HIDDEN_TYPES.map((t) => ({ ...t })));
      expect(res.body.data.types.map((t: { machineName: string }) => t.machineName)).toEqual(expect.arrayContaining(['H5P.AppearIn', 'H5P.TwitterUserFeed']));
    }
  });

  it('401 without credentials; 403 Admin access required for a teacher and a student; 403 Super admin access required for another admin changing it', async () => {
    const body = { types: [] };
    expect((await api('GET', PATH)).status).toBe(401);
    expect((await api('PUT', PATH, { body })).status).toBe(401);
    for (const who of [teacher, student]) {
      for (const method of ['GET', 'PUT']) {
        const res = await api(method, PATH, { token: who.token, body: method === 'PUT' ? body : undefined });
        expect([method, res.status, res.body]).toEqual([method, 403, { success: false, error: 'Admin access required' }]);
      }
    }
    const res = await api('PUT', PATH, { token: schoolAdmin.token, body });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Super admin access required' });
    expect(await db().h5pKeyValue.count({ where: { key: HIDDEN_TYPES_KEY } })).toBe(0);
  });

  it('a bad body is 400 with the exact text and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Validation error: types: must be a list of { machineName, reason }'],
      [{ types: 'H5P.AppearIn' }, 'Validation error: types: must be a list of { machineName, reason }'],
      [{ types: [{ machineName: 'not a name', reason: 'x' }] }, 'Validation error: types.0.machineName: must be a library machine name such as H5P.AppearIn'],
      [{ types: [{ machineName: 'H5P.AppearIn', reason: 'x'.repeat(501) }] }, 'Validation error: types.0.reason: must be at most 500 characters'],
      [{ types: [{ machineName: 'H5P.AppearIn' }, { machineName: 'H5P.AppearIn', reason: 'twice' }] }, 'Validation error: types: must name each machine name once'],
    ];
    for (const [body, error] of cases) {
      const res = await api('PUT', PATH, { token: superAdmin.token, body });
      expect([res.status, res.body]).toEqual([400, { success: false, error }]);
    }
    expect(await db().h5pKeyValue.count({ where: { key: HIDDEN_TYPES_KEY } })).toBe(0);
  });

  it("a super_admin's list replaces the defaults; the editor's content type cache answer omits the hidden types", async () => {
    const before = await selectorTypes(teacher.token);
    expect(before).toEqual(expect.arrayContaining(['H5P.TrueFalse', 'H5P.MultiChoice']));

    const res = await api('PUT', PATH, { token: superAdmin.token, body: { types: [{ machineName: ' H5P.TrueFalse ', reason: 'Hidden by the test' }] } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Hidden content types saved');
    expect(res.body.data).toMatchObject({ isDefault: false, types: [{ machineName: 'H5P.TrueFalse', reason: 'Hidden by the test' }] });
    // every admin reads the saved list
    const read = await api('GET', PATH, { token: schoolAdmin.token });
    expect(read.body.data).toMatchObject({ isDefault: false, types: [{ machineName: 'H5P.TrueFalse', reason: 'Hidden by the test' }] });

    const hidden = await selectorTypes(teacher.token);
    expect(hidden).not.toContain('H5P.TrueFalse');
    expect(hidden).toContain('H5P.MultiChoice');
    // the defaults no longer apply: a type the built-in list hid is offered again once the saved list omits it
    expect(hidden.length).toBe(before.length - 1);

    // an empty list hides nothing
    const none = await api('PUT', PATH, { token: superAdmin.token, body: { types: [] } });
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ isDefault: false, types: [] });
    expect(await selectorTypes(teacher.token)).toContain('H5P.TrueFalse');
  });
});
