import { reply, route } from '@/lib/http/route';
import { DEFAULT_BRAND } from '@/lib/tenant/brand';

// The tenant resolved from the request's hostname (or the default branding).
export const GET = route({ action: 'resolve tenant', auth: 'none' }, async ({ tenant }) =>
  reply(
    tenant
      ? { isDefault: false, id: tenant.id, slug: tenant.slug, name: tenant.name, brandConfig: tenant.brandConfig, plan: tenant.plan }
      : { isDefault: true, brandConfig: DEFAULT_BRAND },
  ),
);
