import { z } from 'zod';
import { ADMIN_ERRORS, adminTenantSchema, assertSuperAdmin, setTenantActive, tenantPatch } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

const params = z.object({ id: z.uuid({ message: 'id must be a tenant id' }) });

// PATCH /api/admin/tenants/:id {active}: activate or deactivate a tenant (its hosts resolve to no tenant meanwhile)
export const PATCH = route(
  {
    action: 'update tenant',
    params,
    body: tenantPatch,
    summary: 'Activate or deactivate a tenant (super_admin; audited)',
    tags: ['Admin'],
    response: adminTenantSchema,
    errors: [ADMIN_ERRORS.admin, ADMIN_ERRORS.superAdmin, ADMIN_ERRORS.tenantNotFound],
  },
  async ({ principal, user, params: p, body }) => {
    assertSuperAdmin(principal);
    return reply(await setTenantActive(user?.id, p.id, body.active));
  },
);
