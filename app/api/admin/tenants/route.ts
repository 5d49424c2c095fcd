import { assertSuperAdmin, createTenant, listTenants, tenantBody } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'list tenants' }, async ({ principal }) => {
  assertSuperAdmin(principal);
  return reply(await listTenants());
});

export const POST = route({ action: 'create tenant', body: tenantBody }, async ({ principal, user, body }) => {
  assertSuperAdmin(principal);
  return reply(await createTenant(user?.id, body), { status: 201 });
});
