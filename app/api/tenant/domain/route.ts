import { z } from 'zod';
import { plainForbidden, reply, route } from '@/lib/http/route';
import { domainBody, TENANT_ERRORS, updateDomain } from '@/lib/tenant/update';

export const PUT = route(
  {
    action: 'update custom domain',
    feature: 'whitelabel',
    plainForbidden: true,
    body: domainBody,
    summary: "Set the custom domain of the hostname's tenant (DNS: an alias record to the platform domain)",
    description: 'For members of the tenant (and super_admin) whose plan has whitelabel; anyone else gets a plain-text 403 Forbidden. The domain resolves to the tenant on every instance at once.',
    tags: ['Tenant'],
    response: z.object({ customDomain: z.string() }),
    errors: [TENANT_ERRORS.forbidden, TENANT_ERRORS.notFound, TENANT_ERRORS.domain],
  },
  async ({ tenant, principal, user, body }) => {
    const customDomain = await updateDomain(tenant, principal, user, body.customDomain);
    return customDomain ? reply({ customDomain }) : plainForbidden();
  },
);
