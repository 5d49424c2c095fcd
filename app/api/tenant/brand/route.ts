import { plainForbidden, reply, route } from '@/lib/http/route';
import { brandBody, updateBrand } from '@/lib/tenant/update';

export const PUT = route(
  { action: 'update brand config', feature: 'whitelabel', plainForbidden: true, body: brandBody },
  async ({ tenant, principal, user, body }) => {
    const brandConfig = await updateBrand(tenant, principal, user, body);
    return brandConfig ? reply({ brandConfig }) : plainForbidden();
  },
);
