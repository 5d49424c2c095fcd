// Hostname → tenant (spec "Common rules"): an active tenant whose domain or custom_domain is the host;
// otherwise {slug}.{BASE_DOMAIN} by slug. Looked up through the shared cache (60 s, misses cached too).
import { cache, keys } from '@/lib/cache';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { log } from '@/lib/log';
import { brandOf, type BrandConfig } from './brand';
import { normalizeHost } from './host';

export { normalizeHost };

export const SLUG_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const TENANT_CACHE_MS = 60_000;

export interface ResolvedTenant {
  id: string;
  slug: string;
  name: string;
  plan: string;
  brandConfig: BrandConfig;
}


/** The slug label of `{slug}.{BASE_DOMAIN}`, or null. */
export function slugFromHost(host: string, baseDomain = config().baseDomain): string | null {
  const base = normalizeHost(baseDomain);
  if (!base || !host.endsWith(`.${base}`)) return null;
  const label = host.slice(0, -(base.length + 1));
  return !label.includes('.') && SLUG_PATTERN.test(label) ? label : null;
}

async function lookup(host: string): Promise<ResolvedTenant | null> {
  const select = { id: true, slug: true, name: true, plan: true, brandConfig: true } as const;
  let row = await db().tenant.findFirst({ where: { active: true, OR: [{ domain: host }, { customDomain: host }] }, select });
  if (!row) {
    const slug = slugFromHost(host);
    if (slug) row = await db().tenant.findFirst({ where: { active: true, slug }, select });
  }
  return row ? { id: row.id, slug: row.slug, name: row.name, plan: row.plan, brandConfig: brandOf(row.brandConfig) } : null;
}

/** The tenant of a (normalised) host, or null for the default branding. */
export async function resolveTenant(host: string): Promise<ResolvedTenant | null> {
  if (!host) return null;
  const key = keys.tenantByHost(host);
  try {
    const hit = await cache().get(key);
    if (hit !== null) return JSON.parse(hit) as ResolvedTenant | null;
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'tenant cache unavailable');
  }
  let tenant: ResolvedTenant | null;
  try {
    tenant = await lookup(host);
  } catch (err) {
    // the database is down: serve with default branding (health reports the outage); do not cache
    log.warn({ err: (err as Error).message }, 'tenant lookup failed');
    return null;
  }
  cache()
    .set(key, JSON.stringify(tenant), TENANT_CACHE_MS)
    .catch(() => {});
  return tenant;
}

/** The active tenant with this slug (internal calls name their tenant with x-tenant-code). */
export async function resolveTenantBySlug(slug: string): Promise<ResolvedTenant | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const row = await db().tenant.findFirst({ where: { active: true, slug }, select: { id: true, slug: true, name: true, plan: true, brandConfig: true } });
  return row ? { id: row.id, slug: row.slug, name: row.name, plan: row.plan, brandConfig: brandOf(row.brandConfig) } : null;
}

/** Drops cached lookups after a tenant's domains, status or branding changed. */
export async function forgetTenantHosts(...hosts: (string | null | undefined)[]): Promise<void> {
  const ks = hosts.filter((h): h is string => !!h).map((h) => keys.tenantByHost(normalizeHost(h)));
  await cache().del(...ks).catch(() => {});
}
