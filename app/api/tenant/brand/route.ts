import { z } from 'zod';
import { plainForbidden, reply, route } from '@/lib/http/route';
import { brandConfigSchema } from '@/lib/tenant/brand';
import { brandBody, TENANT_ERRORS, updateBrand } from '@/lib/tenant/update';

export const PUT = route(
  {
    action: 'update brand config',
    feature: 'whitelabel',
    plainForbidden: true,
    body: brandBody,
    summary: "Change the branding of the hostname's tenant (only the supplied fields; the rest is kept)",
    description: 'For members of the tenant (and super_admin) whose plan has whitelabel; anyone else gets a plain-text 403 Forbidden. data.brandConfig is the full merged configuration.',
    tags: ['Tenant'],
    response: z.object({ brandConfig: brandConfigSchema }),
    errors: [TENANT_ERRORS.forbidden, TENANT_ERRORS.notFound, TENANT_ERRORS.brand],
  },
  async ({ tenant, principal, user, body }) => {
    const brandConfig = await updateBrand(tenant, principal, user, body);
    return brandConfig ? reply({ brandConfig }) : plainForbidden();
  },
);
