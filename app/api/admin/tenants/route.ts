import { z } from 'zod';
import { ADMIN_ERRORS, adminTenantRowSchema, adminTenantSchema, assertSuperAdmin, createTenant, listTenants, tenantBody } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

const superAdmin = [ADMIN_ERRORS.admin, ADMIN_ERRORS.superAdmin];

export const GET = route(
  { action: 'list tenants', summary: 'List tenants with their member counts (super_admin)', tags: ['Admin'], response: z.array(adminTenantRowSchema), errors: superAdmin },
  async ({ principal }) => {
    assertSuperAdmin(principal);
    return reply(await listTenants());
  },
);

export const POST = route(
  {
    action: 'create tenant',
    body: tenantBody,
    summary: 'Create a tenant (super_admin; audited)',
    tags: ['Admin'],
    status: 201,
    response: adminTenantSchema,
    errors: [...superAdmin, ADMIN_ERRORS.tenantTaken],
  },
  async ({ principal, user, body }) => {
    assertSuperAdmin(principal);
    return reply(await createTenant(user?.id, body), { status: 201 });
  },
);
