// Hostname → tenant (spec "Common rules"): an active tenant whose domain or custom_domain is the host;
// otherwise {slug}.{BASE_DOMAIN} by slug. Kept in-process (60 s, misses cached too); any change to the tenants
// table empties every instance's copy (lib/cache/local.ts, announced by the database and through Redis).
import { invalidate, localCache } from '@/lib/cache/local';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { log } from '@/lib/log';
import { brandOf, type BrandConfig } from './brand';
import { reservedDomainReason } from './domain-policy';
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
  // a custom domain never stands for a host the platform answers for itself (lib/tenant/domain-policy.ts), even if
  // an old row holds one: only a super admin's primary `domain` may name such a host
  const custom = reservedDomainReason(host) ? [] : [{ customDomain: host }];
  let row = await db().tenant.findFirst({ where: { active: true, OR: [{ domain: host }, ...custom] }, select });
  if (!row) {
    const slug = slugFromHost(host);
    if (slug) row = await db().tenant.findFirst({ where: { active: true, slug }, select });
  }
  return row ? { id: row.id, slug: row.slug, name: row.name, plan: row.plan, brandConfig: brandOf(row.brandConfig) } : null;
}

const tenantsByHost = () => localCache<ResolvedTenant | null>('tenants', { ttlMs: TENANT_CACHE_MS, max: 10_000 });

/** The tenant of a (normalised) host, or null for the default branding. */
export async function resolveTenant(host: string): Promise<ResolvedTenant | null> {
  if (!host) return null;
  try {
    return await tenantsByHost().getOrLoad(host, () => lookup(host));
  } catch (err) {
    // the database is down: serve with default branding (health reports the outage); not cached
    log.warn({ err: (err as Error).message }, 'tenant lookup failed');
    return null;
  }
}

/** resolveTenant answered from memory without a promise (the busiest routes ask it first); undefined when not known here. */
export function resolveTenantNow(host: string): ResolvedTenant | null | undefined {
  if (!host) return null;
  return tenantsByHost().get(host);
}

/** The active tenant with this slug (internal calls name their tenant with x-tenant-code). */
export async function resolveTenantBySlug(slug: string): Promise<ResolvedTenant | null> {
  if (!SLUG_PATTERN.test(slug)) return null;
  const row = await db().tenant.findFirst({ where: { active: true, slug }, select: { id: true, slug: true, name: true, plan: true, brandConfig: true } });
  return row ? { id: row.id, slug: row.slug, name: row.name, plan: row.plan, brandConfig: brandOf(row.brandConfig) } : null;
}

/**
 * The active tenant with this id (the content origin has no tenant host: the player there shows its content's
 * owner's tenant, issue 23 item 6); cached with the host lookups, dropped with them.
 */
export async function resolveTenantById(id: string | null | undefined): Promise<ResolvedTenant | null> {
  if (!id) return null;
  try {
    return await tenantsByHost().getOrLoad(`id:${id}`, async () => {
      const row = await db().tenant.findFirst({ where: { active: true, id }, select: { id: true, slug: true, name: true, plan: true, brandConfig: true } });
      return row ? { id: row.id, slug: row.slug, name: row.name, plan: row.plan, brandConfig: brandOf(row.brandConfig) } : null;
    });
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'tenant lookup failed');
    return null;
  }
}

/** Drops every instance's cached lookups after a tenant's domains, status or branding changed. */
export async function forgetTenantHosts(..._hosts: (string | null | undefined)[]): Promise<void> {
  // a branding change concerns every host that resolved to the tenant (its slug host too): all are dropped
  await invalidate('tenants');
}
