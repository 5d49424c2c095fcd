import { z } from 'zod';
import { reply, route } from '@/lib/http/route';
import { brandConfigSchema, DEFAULT_BRAND } from '@/lib/tenant/brand';

const currentTenantSchema = z.discriminatedUnion('isDefault', [
  z.object({ isDefault: z.literal(true), brandConfig: brandConfigSchema }),
  z.object({ isDefault: z.literal(false), id: z.string(), slug: z.string(), name: z.string(), brandConfig: brandConfigSchema, plan: z.string() }),
]);

// The tenant resolved from the request's hostname (or the default branding).
export const GET = route(
  {
    action: 'resolve tenant',
    auth: 'none',
    summary: 'The tenant of the hostname and its branding',
    description: 'isDefault, brandConfig; and id, slug, name, plan when isDefault is false.',
    tags: ['Tenant'],
    response: currentTenantSchema,
  },
  async ({ tenant }) =>
    reply(
      tenant
        ? { isDefault: false, id: tenant.id, slug: tenant.slug, name: tenant.name, brandConfig: tenant.brandConfig, plan: tenant.plan }
        : { isDefault: true, brandConfig: DEFAULT_BRAND },
    ),
);
