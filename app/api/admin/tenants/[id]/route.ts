import { z } from 'zod';
import { assertSuperAdmin, setTenantActive, tenantPatch } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

const params = z.object({ id: z.uuid({ message: 'id must be a tenant id' }) });

// PATCH /api/admin/tenants/:id {active}: activate or deactivate a tenant (its hosts resolve to no tenant meanwhile)
export const PATCH = route({ action: 'update tenant', params, body: tenantPatch }, async ({ principal, user, params: p, body }) => {
  assertSuperAdmin(principal);
  return reply(await setTenantActive(user?.id, p.id, body.active));
});
