// The super_admin's support tools (issue 10 item 6): users found by email with their role, plan and usage, a
// user's plan changed for support, and tenants listed, created, activated and deactivated. Every change is
// audited in the log (who, what, before → after) and reaches every instance's caches at once.
import { z } from 'zod';
import { isSuperAdmin } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import { forgetUser } from '@/lib/auth/users';
import { db, Prisma } from '@/lib/db/client';
import { AppError, errorOf } from '@/lib/errors';
import { audit } from '@/lib/log';
import { PLAN_IDS } from '@/lib/plans/plans';
import { forgetTenantHosts, SLUG_PATTERN } from '@/lib/tenant/resolve';

export const ADMIN_ERR = {
  admin: 'Admin access required',
  superAdmin: 'Super admin access required',
  userNotFound: 'User not found',
  tenantNotFound: 'Tenant not found',
  tenantTaken: 'A tenant with this slug or domain already exists',
} as const;

/** The admin routes' own errors (catalogue entries of the texts above). */
export const ADMIN_ERRORS = {
  admin: errorOf(403, ADMIN_ERR.admin),
  superAdmin: errorOf(403, ADMIN_ERR.superAdmin),
  userNotFound: errorOf(404, ADMIN_ERR.userNotFound),
  tenantNotFound: errorOf(404, ADMIN_ERR.tenantNotFound),
  tenantTaken: errorOf(409, ADMIN_ERR.tenantTaken),
} as const;

/** The admin pages' tools (content types, curriculum) are for every admin: 403 Admin access required otherwise. */
export function assertAdmin(principal: Principal | null): void {
  if (principal?.role !== 'admin') throw new AppError(403, ADMIN_ERR.admin);
}

/**
 * The support tools are for super_admins, from the admin pages (session cookie) or an API client (bearer token):
 * 403 Admin access required for everyone who is not an admin, 403 Super admin access required for other admins.
 */
export function assertSuperAdmin(principal: Principal | null): void {
  assertAdmin(principal);
  if (!isSuperAdmin(principal)) throw new AppError(403, ADMIN_ERR.superAdmin);
}


export const userSearchQuery = z.object({
  email: z.string().trim().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** A user as the support tools list them (role: as the identity provider last named it). */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  plan: z.string(),
  tenantId: z.string().nullable(),
  paying: z.boolean(),
  usage: z.object({ contentsCreatedThisMonth: z.number().int(), aiGenerationsThisMonth: z.number().int(), storageUsed: z.number() }),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export async function searchUsers(q: z.infer<typeof userSearchQuery>): Promise<{ total: number; data: AdminUser[] }> {
  const where: Prisma.UserWhereInput = q.email ? { email: { startsWith: q.email.toLowerCase() } } : {};
  const [rows, total] = await Promise.all([
    db().user.findMany({
      where,
      orderBy: [{ email: 'asc' }],
      skip: q.offset,
      take: q.limit,
      select: {
        id: true,
        email: true,
        name: true,
        role: true,
        plan: true,
        tenantId: true,
        contentsCreatedThisMonth: true,
        aiGenerationsThisMonth: true,
        storageUsed: true,
        stripeCustomerId: true,
        createdAt: true,
      },
    }),
    db().user.count({ where }),
  ]);
  return {
    total,
    data: rows.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      plan: u.plan,
      tenantId: u.tenantId,
      paying: !!u.stripeCustomerId,
      usage: { contentsCreatedThisMonth: u.contentsCreatedThisMonth, aiGenerationsThisMonth: u.aiGenerationsThisMonth, storageUsed: Number(u.storageUsed) },
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

export const planBody = z.object({ plan: z.enum(PLAN_IDS, { message: 'plan must be free, pro or premium' }) });

export const userPlanSchema = z.object({ id: z.string(), plan: z.enum(PLAN_IDS) });

export async function setUserPlan(actorId: string | undefined, userId: string, plan: (typeof PLAN_IDS)[number]) {
  const before = await db().user.findUnique({ where: { id: userId }, select: { plan: true } });
  if (!before) throw new AppError(404, ADMIN_ERR.userNotFound);
  await db().user.update({ where: { id: userId }, data: { plan } });
  await forgetUser(userId);
  audit(actorId, 'change user plan', { userId, from: before.plan, to: plan });
  return { id: userId, plan };
}

export const tenantBody = z.object({
  slug: z.string().regex(SLUG_PATTERN, 'must be lowercase letters, digits and dashes (at most 63)').max(63),
  name: z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
  domain: z
    .string()
    .min(3, 'must be at least 3 characters')
    .max(500, 'must be at most 500 characters')
    .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/, 'must be a lowercase host name like school.example.org'),
  plan: z.enum(PLAN_IDS, { message: 'plan must be free, pro or premium' }).default('free'),
});

export const tenantPatch = z.object({ active: z.boolean({ message: 'active must be true or false' }) });

const TENANT_SELECT = { id: true, slug: true, name: true, domain: true, customDomain: true, plan: true, active: true, createdAt: true } as const;
export const adminTenantSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  domain: z.string(),
  customDomain: z.string().nullable(),
  plan: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminTenant = z.infer<typeof adminTenantSchema>;
/** A tenant of the list, with its member count. */
export const adminTenantRowSchema = adminTenantSchema.extend({ users: z.number().int() });
export type AdminTenantRow = z.infer<typeof adminTenantRowSchema>;

const tenantView = <T extends { createdAt: Date }>(t: T) => ({ ...t, createdAt: t.createdAt.toISOString() });

export async function listTenants(): Promise<AdminTenantRow[]> {
  const rows = await db().tenant.findMany({ orderBy: { name: 'asc' }, take: 500, select: { ...TENANT_SELECT, _count: { select: { users: true } } } });
  return rows.map(({ _count, ...t }) => ({ ...tenantView(t), users: _count.users }));
}

export async function createTenant(actorId: string | undefined, input: z.infer<typeof tenantBody>): Promise<AdminTenant> {
  const clash = await db().tenant.findFirst({ where: { OR: [{ slug: input.slug }, { domain: input.domain }, { customDomain: input.domain }] }, select: { id: true } });
  if (clash) throw new AppError(409, ADMIN_ERR.tenantTaken);
  try {
    const t = await db().tenant.create({ data: { ...input, brandConfig: {} }, select: TENANT_SELECT });
    await forgetTenantHosts();
    audit(actorId, 'create tenant', { tenantId: t.id, slug: t.slug });
    return tenantView(t);
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new AppError(409, ADMIN_ERR.tenantTaken);
    throw err;
  }
}

export async function setTenantActive(actorId: string | undefined, id: string, active: boolean): Promise<AdminTenant> {
  const found = await db().tenant.findUnique({ where: { id }, select: { active: true } });
  if (!found) throw new AppError(404, ADMIN_ERR.tenantNotFound);
  const t = await db().tenant.update({ where: { id }, data: { active }, select: TENANT_SELECT });
  await forgetTenantHosts();
  audit(actorId, active ? 'activate tenant' : 'deactivate tenant', { tenantId: id, from: found.active, to: active });
  return tenantView(t);
}
