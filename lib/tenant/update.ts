// Tenant brand and custom domain (spec "Tenant" endpoints, issue 10 item 4, issue 22 item 4): the tenant is the one
// the request's hostname resolves to (404 Tenant not found when none); only an admin of that tenant (an admin role
// whose tenant_id is the tenant's) or a super_admin may change it — anyone else, a teacher of the tenant included,
// gets the same plain 403 Forbidden as the whitelabel gate. A brand update merges the supplied fields into the stored
// configuration. A custom domain may not name a host the platform itself answers for (the app's host, BASE_DOMAIN and
// every name under it, localhost, an IP literal: 400), and must be free (another tenant's domain or custom domain is
// the spec's 500). Every instance forgets its hostname lookups at once (lib/cache/local.ts), so the new domain
// resolves everywhere.
import { z } from 'zod';
import type { Principal } from '@/lib/auth/types';
import { isSuperAdmin } from '@/lib/auth/roles';
import { db, Prisma } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { AppError, errorOf, FORBIDDEN } from '@/lib/errors';
import { log } from '@/lib/log';
import { recordAudit } from '@/lib/audit';
import { brandOf, type BrandConfig } from './brand';
import { reservedDomainReason } from './domain-policy';
import { forgetTenantHosts, type ResolvedTenant } from './resolve';

export const TENANT_ERR = {
  notFound: 'Tenant not found',
  brand: 'Failed to update brand config',
  domain: 'Failed to update custom domain',
} as const;

/** The tenant endpoints' own errors; `forbidden` is the plain-text 403 (not a member, or no whitelabel). */
export const TENANT_ERRORS = {
  forbidden: errorOf(403, FORBIDDEN),
  notFound: errorOf(404, TENANT_ERR.notFound),
  brand: errorOf(500, TENANT_ERR.brand),
  domain: errorOf(500, TENANT_ERR.domain),
} as const;

const webAddress = z
  .string()
  .max(1000, 'must be at most 1000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be an http or https address');

export const brandBody = z.object({
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #6366f1').optional(),
  logoUrl: webAddress.nullable().optional(),
  faviconUrl: webAddress.nullable().optional(),
  appName: z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  customCss: z.string().max(50_000, 'must be at most 50000 characters').nullable().optional(),
});

export const domainBody = z.object({
  customDomain: z
    .string({ message: 'customDomain is required' })
    .min(3, 'must be at least 3 characters')
    .max(500, 'must be at most 500 characters')
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, 'must be a lowercase host name like learn.example.org'),
});

/**
 * The tenant to change, or the refusal: 404 when the host resolves to none, false when the caller may not. A
 * super_admin (and an internal call) may change any tenant; otherwise only an admin whose own tenant is this one —
 * a real tenant id on both sides (a tenantless admin is never "of" a tenant).
 */
function target(tenant: ResolvedTenant | null, principal: Principal | null, user: User | null): ResolvedTenant | false {
  if (!tenant) throw new AppError(404, TENANT_ERR.notFound);
  if (isSuperAdmin(principal)) return tenant;
  const adminOfTenant = principal?.kind === 'user' && principal.role === 'admin' && !!user?.tenantId && user.tenantId === tenant.id;
  return adminOfTenant ? tenant : false;
}

/** The acting user as the audit log names them (null: an internal call). */
const actorOf = (user: User | null) => (user ? { id: user.id, email: user.email } : null);

export async function updateBrand(
  tenant: ResolvedTenant | null,
  principal: Principal | null,
  user: User | null,
  input: z.infer<typeof brandBody>,
): Promise<BrandConfig | false> {
  const t = target(tenant, principal, user);
  if (!t) return false;
  const merged = await db().$transaction(async (tx) => {
    // read and written in one transaction, the row locked: two concurrent updates of different fields both stay
    const rows = await tx.$queryRaw<{ brand_config: unknown }[]>`SELECT brand_config FROM tenants WHERE id = ${t.id}::uuid FOR UPDATE`;
    if (!rows.length) throw new AppError(404, TENANT_ERR.notFound);
    const current = rows[0]!.brand_config && typeof rows[0]!.brand_config === 'object' ? (rows[0]!.brand_config as Record<string, unknown>) : {};
    const supplied = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const next = { ...current, ...supplied };
    await tx.tenant.update({ where: { id: t.id }, data: { brandConfig: next as Prisma.InputJsonValue } });
    const changed = Object.keys(supplied).filter((k) => JSON.stringify(current[k]) !== JSON.stringify(supplied[k]));
    await recordAudit({ tenantId: t.id, actor: actorOf(user), action: 'tenant.brand', target: { type: 'tenant', id: t.id, label: t.name }, details: { fields: changed } }, tx);
    return next;
  });
  await forgetTenantHosts();
  log.info({ tenantId: t.id, fields: Object.keys(input) }, 'tenant brand updated');
  return brandOf(merged);
}

export async function updateDomain(
  tenant: ResolvedTenant | null,
  principal: Principal | null,
  user: User | null,
  customDomain: string,
): Promise<string | false> {
  const t = target(tenant, principal, user);
  if (!t) return false;
  const reserved = reservedDomainReason(customDomain);
  if (reserved) throw new AppError(400, `Validation error: customDomain: ${reserved}`);
  try {
    // a domain that is another tenant's primary domain is taken too (the host would resolve to two tenants)
    const clash = await db().tenant.findFirst({ where: { id: { not: t.id }, OR: [{ domain: customDomain }, { customDomain }] }, select: { id: true } });
    if (clash) throw new AppError(500, TENANT_ERR.domain);
    const before = await db().tenant.findUnique({ where: { id: t.id }, select: { customDomain: true } });
    await db().$transaction(async (tx) => {
      await tx.tenant.update({ where: { id: t.id }, data: { customDomain } });
      await recordAudit({ tenantId: t.id, actor: actorOf(user), action: 'tenant.domain', target: { type: 'tenant', id: t.id, label: t.name }, details: { from: before?.customDomain ?? null, to: customDomain } }, tx);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // the unique index on custom_domain (a concurrent claim) and anything else: the spec's 500
    log.error({ err: (err as Error).message, tenantId: t.id }, 'custom domain update failed');
    throw new AppError(500, TENANT_ERR.domain);
  }
  await forgetTenantHosts();
  log.info({ tenantId: t.id, customDomain }, 'tenant custom domain updated');
  return customDomain;
}
