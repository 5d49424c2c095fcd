// Issue 8 (app shell: admin): the admin page shows a super_admin the whole service and a tenant admin only the
// users of their own tenant; anyone else gets the 404 page.
import { describe, expect, it } from 'vitest';
import { browserSignIn } from '../support/browser';
import { createIdpUser, createTenant, uniqueEmail } from '../support/factories';

async function browserUser(roles: ('super_admin' | 'tenant_admin' | 'teacher')[], tenantId?: string) {
  const u = await createIdpUser({ email: uniqueEmail('admin-page'), roles, tenantId });
  return { u, b: await browserSignIn(u.email, u.password) };
}

describe('admin page', () => {
  it('shows a tenant admin the users of their tenant only, and a super admin every tenant', async () => {
    const a = await createTenant({ name: 'Alpha School' });
    const b = await createTenant({ name: 'Beta School' });
    const memberA = await browserUser(['teacher'], a.id);
    const memberB = await browserUser(['teacher'], b.id);
    const adminA = await browserUser(['tenant_admin'], a.id);

    const page = await adminA.b.call('GET', '/admin');
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="admin-users"');
    expect(page.text).toContain(memberA.u.email);
    expect(page.text).not.toContain(memberB.u.email);
    expect(page.text).not.toContain('data-testid="admin-tenants"');
    expect(page.text).toContain('href="/admin"');

    const superAdmin = await browserUser(['super_admin']);
    const all = await superAdmin.b.call('GET', '/admin');
    expect(all.status).toBe(200);
    expect(all.text).toContain(memberA.u.email);
    expect(all.text).toContain(memberB.u.email);
    expect(all.text).toContain('data-testid="admin-tenants"');
    expect(all.text).toContain('Beta School');
  });

  it('is the 404 page for a teacher, with no Admin link in the navigation', async () => {
    const teacher = await browserUser(['teacher']);
    const res = await teacher.b.call('GET', '/admin');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Page not found'); // the branded 404 (app/not-found.tsx), streamed in the payload
    expect(res.text).not.toContain('href="/admin"');
  });
});
