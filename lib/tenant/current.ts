// The tenant and branding of the current request, for server components.
import { headers } from 'next/headers';
import { DEFAULT_BRAND, type BrandConfig } from './brand';
import { HOST_HEADER, normalizeHost } from './host';
import { resolveTenant, type ResolvedTenant } from './resolve';

export async function currentTenant(): Promise<ResolvedTenant | null> {
  const h = await headers();
  return resolveTenant(h.get(HOST_HEADER) ?? normalizeHost(h.get('host')));
}

export async function currentBrand(): Promise<{ tenant: ResolvedTenant | null; brand: BrandConfig }> {
  const tenant = await currentTenant();
  return { tenant, brand: tenant?.brandConfig ?? DEFAULT_BRAND };
}
