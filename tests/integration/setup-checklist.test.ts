// Issue 25 item 3: the first-run checklist of an admin's home (lib/admin/checklist.ts). Each of a school's steps is
// open on a fresh school and ticks itself once its action is done through the app — a teacher of the school signs
// in, an item is made, the school is branded, an LMS is registered — counting only the school's own rows: another
// school's teacher, item, brand or LMS ticks nothing, and neither does anything that belongs to no school (a missing
// tenant is never "the same tenant"). Content types are the one service-wide step.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { setupChecklist, type SetupStep } from '@/lib/admin/checklist';
import { adminScope } from '@/lib/admin/overview';
import { db } from '@/lib/db/client';
import { browserSignIn } from '../support/browser';
import { createIdpUser, createTenant, signedIn, signedInTenant, uniqueEmail } from '../support/factories';
import { createContent, installTestLibraries } from '../support/h5p';
import { api, randomIp } from '../support/http';

/** The steps' states of a scope, by key. */
async function states(scope: Parameters<typeof setupChecklist>[0]): Promise<Record<SetupStep, boolean>> {
  const c = await setupChecklist(scope);
  expect(c.total).toBe(5);
  expect(c.done).toBe(c.steps.filter((s) => s.done).length);
  return Object.fromEntries(c.steps.map((s) => [s.key, s.done])) as Record<SetupStep, boolean>;
}
const ofTenant = (tenantId: string) => states(adminScope(false, tenantId));

/** PUT /api/tenant/brand is answered for the tenant of the request's host name (fetch cannot set Host). */
function putBrand(host: string, token: string, body: object): Promise<number> {
  const u = new URL(inject('appUrl'));
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: u.hostname,
        port: u.port,
        method: 'PUT',
        path: '/api/tenant/brand',
        headers: { Host: host, 'X-Forwarded-For': randomIp(), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An LMS registration with addresses of its own (registering fetches nothing). */
function registration(name: string) {
  const issuer = `https://lms-${randomUUID().slice(0, 8)}.example.org`;
  return { issuer, clientId: `client-${randomUUID().slice(0, 8)}`, name, authLoginUrl: `${issuer}/auth`, authTokenUrl: `${issuer}/token`, keysetUrl: `${issuer}/certs`, deploymentId: '1' };
}

/** A school with nothing set up and its admin (premium: whitelabel and LTI, as an admin's default plan). */
async function freshSchool() {
  const tenant = await createTenant();
  const admin = await signedInTenant(['school_admin'], tenant.id);
  return { tenant, admin };
}

beforeAll(async () => {
  await installTestLibraries();
});

describe('setup checklist', () => {
  it('is open on a fresh school except the service-wide content types, and each step ticks itself after its action', async () => {
    const { tenant, admin } = await freshSchool();
    expect(await ofTenant(tenant.id)).toEqual({ types: true, content: false, brand: false, teachers: false, lms: false });

    // a teacher of the school signs in for the first time
    const teacher = await signedInTenant(['teacher'], tenant.id);
    expect(await ofTenant(tenant.id)).toEqual({ types: true, content: false, brand: false, teachers: true, lms: false });

    // the school's first item
    await createContent(teacher.token, 'H5P.MultiChoice', { title: 'First item' });
    expect(await ofTenant(tenant.id)).toEqual({ types: true, content: true, brand: false, teachers: true, lms: false });

    // the school's brand, on the school's address
    expect(await putBrand(tenant.domain, admin.token, { primaryColor: '#0f766e', appName: 'Fresh Academy' })).toBe(200);
    expect(await ofTenant(tenant.id)).toEqual({ types: true, content: true, brand: true, teachers: true, lms: false });

    // the school's LMS
    const reg = await api('POST', '/lti/platforms', { token: admin.token, body: registration('School Moodle') });
    expect(reg.status).toBe(201);
    const c = await setupChecklist(adminScope(false, tenant.id));
    expect(c).toEqual({ steps: ['types', 'content', 'brand', 'teachers', 'lms'].map((key) => ({ key, done: true })), done: 5, total: 5 });
  });

  it('counts only the school’s own rows: another school’s teacher, item, brand and LMS tick nothing', async () => {
    const { tenant } = await freshSchool();
    const other = await freshSchool();
    const otherTeacher = await signedInTenant(['teacher'], other.tenant.id);
    await createContent(otherTeacher.token, 'H5P.MultiChoice', { title: 'Another school’s item' });
    expect(await putBrand(other.tenant.domain, other.admin.token, { primaryColor: '#7c3aed', appName: 'Other Academy' })).toBe(200);
    expect((await api('POST', '/lti/platforms', { token: other.admin.token, body: registration('Other Moodle') })).status).toBe(201);
    expect(await ofTenant(other.tenant.id)).toEqual({ types: true, content: true, brand: true, teachers: true, lms: true });
    expect(await ofTenant(tenant.id)).toEqual({ types: true, content: false, brand: false, teachers: false, lms: false });
    // a student of the school is no teacher; a teacher's item counts, a student's account does not
    await signedInTenant(['student'], tenant.id);
    expect((await ofTenant(tenant.id)).teachers).toBe(false);
  });

  it('never takes a missing tenant for the same tenant: rows of no school tick no school, nor an admin of no school', async () => {
    // a teacher of no school with an item and an LMS of their own (premium, for LTI)
    const nomad = await signedIn(['teacher']);
    await db().user.update({ where: { id: nomad.user.id }, data: { plan: 'premium' } });
    await createContent(nomad.token, 'H5P.MultiChoice', { title: 'An item of no school' });
    const admin = await signedIn(['school_admin']);
    expect((await api('POST', '/lti/platforms', { token: admin.token, body: registration('Moodle of no school') })).status).toBe(201);
    expect(await db().user.count({ where: { tenantId: null, role: 'teacher' } })).toBeGreaterThan(0);
    expect(await db().ltiPlatform.count({ where: { tenantId: null } })).toBeGreaterThan(0);

    // an admin of no school administers nothing: none of those rows is theirs
    expect(await states(adminScope(false, null))).toEqual({ types: true, content: false, brand: false, teachers: false, lms: false });
    // a fresh school does not see them either
    const { tenant } = await freshSchool();
    expect(await ofTenant(tenant.id)).toEqual({ types: true, content: false, brand: false, teachers: false, lms: false });
    // nor does a school whose row is gone (an admin's stale tenant id)
    expect(await ofTenant(randomUUID())).toEqual({ types: true, content: false, brand: false, teachers: false, lms: false });
  });

  it('shows a super admin the whole service', async () => {
    const { tenant, admin } = await freshSchool();
    await signedInTenant(['teacher'], tenant.id);
    expect(await putBrand(tenant.domain, admin.token, { appName: 'Branded Somewhere' })).toBe(200);
    const all = await states(adminScope(true, null));
    expect(all.teachers).toBe(true);
    expect(all.brand).toBe(true);
  });

  it('is on the admin’s home page with each step’s state and link, and is gone from a teacher’s', async () => {
    const tenant = await createTenant();
    const account = await createIdpUser({ email: uniqueEmail('checklist'), roles: ['school_admin'], tenantId: tenant.id });
    const b = await browserSignIn(account.email, account.password);
    const page = await b.call('GET', '/workspace');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="setup-checklist"');
    for (const [key, done] of [['types', true], ['content', false], ['brand', false], ['teachers', false], ['lms', false]] as const) {
      expect(page.text).toMatch(new RegExp(`data-testid="setup-step-${key}" data-done="${done}"`));
    }
    expect(page.text).toContain('1 of 5 done');
    expect(page.text).toMatch(/href="\/admin#admin-users"[^>]*>Add your teachers</);
    const teacher = await createIdpUser({ email: uniqueEmail('checklist-teacher'), roles: ['teacher'], tenantId: tenant.id });
    const t = await browserSignIn(teacher.email, teacher.password);
    expect((await t.call('GET', '/workspace')).text).not.toContain('data-testid="setup-checklist"');
    // the step's link lands on the users list, which says how teachers join
    const adminPage = await b.call('GET', '/admin');
    expect(adminPage.text).toMatch(/id="admin-users"/);
    expect(adminPage.text).toContain('To add a teacher, give them the teacher role in your school&#x27;s sign-in service');
  });
});
