import { plainForbidden, reply, route } from '@/lib/http/route';
import { domainBody, updateDomain } from '@/lib/tenant/update';

export const PUT = route(
  { action: 'update custom domain', feature: 'whitelabel', plainForbidden: true, body: domainBody },
  async ({ tenant, principal, user, body }) => {
    const customDomain = await updateDomain(tenant, principal, user, body.customDomain);
    return customDomain ? reply({ customDomain }) : plainForbidden();
  },
);
