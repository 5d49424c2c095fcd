// The super_admin's support tools (issue 10 item 6): users by email with plan and usage, a plan change that every
// cache follows at once, tenants listed, created (bounds, clashes) and deactivated (its host then resolves to no
// tenant). Everyone else: 401 / 403 with the texts below.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createTenant, signedIn, signedInTenant, uniqueEmail } from '../support/factories';
import { api } from '../support/http';

describe('GET /api/admin/users and PUT /api/admin/users/:id/plan', () => {
  it('finds users by email prefix with plan and usage, and changes a plan for support', async () => {
    const root = await signedIn(['super_admin']);
    const email = uniqueEmail();
    const target = await signedIn(['student'], email);
    const found = await api('GET', `/api/admin/users?email=${encodeURIComponent(email.slice(0, 12))}`, { token: root.token });
    expect(found.status).toBe(200);
    const row = (found.body.data as { id: string }[]).find((u) => u.id === target.user.id);
    expect(row).toMatchObject({ email, plan: 'free', paying: false, usage: { contentsCreatedThisMonth: 0, aiGenerationsThisMonth: 0, storageUsed: 0 } });
    expect(found.body.total).toBeGreaterThanOrEqual(1);
    const changed = await api('PUT', `/api/admin/users/${target.user.id}/plan`, { token: root.token, body: { plan: 'premium' } });
    expect(changed).toMatchObject({ status: 200, body: { success: true, data: { id: target.user.id, plan: 'premium' } } });
    // the user's own requests see it at once
    expect((await api('GET', '/api/auth/me', { token: target.token })).body.data.user.plan).toBe('premium');
  });

  it('answers 400 for a bad plan, 404 for an unknown user, 403 for everyone but a super_admin', async () => {
    const root = await signedIn(['super_admin']);
    expect((await api('PUT', `/api/admin/users/${root.user.id}/plan`, { token: root.token, body: { plan: 'gold' } })).body.error).toMatch(/^Validation error: plan/);
    expect(await api('PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/plan', { token: root.token, body: { plan: 'pro' } })).toMatchObject({
      status: 404,
      body: { success: false, error: 'User not found' },
    });
    const tenant = await createTenant();
    const tenantAdmin = await signedInTenant(['tenant_admin'], tenant.id);
    expect(await api('GET', '/api/admin/users', { token: tenantAdmin.token })).toMatchObject({ status: 403, body: { error: 'Super admin access required' } });
    const teacher = await signedIn(['teacher']);
    expect(await api('GET', '/api/admin/users', { token: teacher.token })).toMatchObject({ status: 403, body: { error: 'Admin access required' } });
    expect((await api('PUT', `/api/admin/users/${teacher.user.id}/plan`, { token: teacher.token, body: { plan: 'premium' } })).status).toBe(403);
    expect((await db().user.findUniqueOrThrow({ where: { id: teacher.user.id } })).plan).toBe('pro');
    expect((await api('GET', '/api/admin/users')).status).toBe(401);
  });
});

describe('/api/admin/tenants', () => {
  it('creates a tenant that resolves at once, lists it, and deactivates it', async () => {
    const root = await signedIn(['super_admin']);
    const slug = `adm-${Date.now().toString(36)}`;
    const created = await api('POST', '/api/admin/tenants', { token: root.token, body: { slug, name: 'Admin Made', domain: `${slug}.school.example`, plan: 'premium' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug, name: 'Admin Made', domain: `${slug}.school.example`, plan: 'premium', active: true, customDomain: null });
    const id = created.body.data.id as string;
    const list = await api('GET', '/api/admin/tenants', { token: root.token });
    expect((list.body.data as { id: string; users: number }[]).find((t) => t.id === id)).toMatchObject({ users: 0 });
    // a clash of slug or domain
    expect(await api('POST', '/api/admin/tenants', { token: root.token, body: { slug, name: 'Again', domain: `other-${slug}.example` } })).toMatchObject({
      status: 409,
      body: { error: 'A tenant with this slug or domain already exists' },
    });
    expect((await api('POST', '/api/admin/tenants', { token: root.token, body: { slug: `${slug}-b`, name: 'Again', domain: `${slug}.school.example` } })).status).toBe(409);
    const off = await api('PATCH', `/api/admin/tenants/${id}`, { token: root.token, body: { active: false } });
    expect(off).toMatchObject({ status: 200, body: { data: { id, active: false } } });
    expect((await api('PATCH', `/api/admin/tenants/${id}`, { token: root.token, body: { active: true } })).body.data.active).toBe(true);
    expect((await api('PATCH', '/api/admin/tenants/00000000-0000-4000-8000-000000000000', { token: root.token, body: { active: true } })).body).toEqual({
      success: false,
      error: 'Tenant not found',
    });
  });

  it.each([
    [{ slug: 'Bad Slug', name: 'X', domain: 'x.example' }, 'slug'],
    [{ slug: 'ok-slug', name: '', domain: 'x.example' }, 'name'],
    [{ slug: 'ok-slug', name: 'X', domain: 'Not A Domain' }, 'domain'],
    [{ slug: 'ok-slug', name: 'X', domain: 'x.example', plan: 'gold' }, 'plan'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const root = await signedIn(['super_admin']);
    const res = await api('POST', '/api/admin/tenants', { token: root.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`^Validation error: ${field}`));
  });
});
