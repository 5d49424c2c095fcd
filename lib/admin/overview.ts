// The admin page's overview, scoped as every admin action is: a super_admin sees the whole service, a tenant or
// school admin only the users of their own tenant (none when their account has no tenant).
import { db } from '@/lib/db/client';

export const ADMIN_USERS_LIMIT = 50;

export type AdminScope = { kind: 'all' } | { kind: 'tenant'; tenantId: string } | { kind: 'none' };

export function adminScope(superAdmin: boolean, tenantId: string | null): AdminScope {
  if (superAdmin) return { kind: 'all' };
  return tenantId ? { kind: 'tenant', tenantId } : { kind: 'none' };
}

export async function adminOverview(scope: AdminScope) {
  if (scope.kind === 'none') return { users: [], totals: { users: 0, contents: 0, publicContents: 0 }, tenants: null };
  const where = scope.kind === 'tenant' ? { tenantId: scope.tenantId } : {};
  const ownerWhere = scope.kind === 'tenant' ? { user: { tenantId: scope.tenantId } } : {};
  const [users, userCount, contents, publicContents, tenants] = await Promise.all([
    db().user.findMany({
      where,
      orderBy: { createdAt: 'desc' },
      take: ADMIN_USERS_LIMIT,
      select: { id: true, name: true, email: true, plan: true, createdAt: true, tenant: { select: { name: true } }, _count: { select: { ownedContents: true } } },
    }),
    db().user.count({ where }),
    db().contentOwnership.count({ where: ownerWhere }),
    db().contentOwnership.count({ where: { ...ownerWhere, visibility: 'public' } }),
    scope.kind === 'all'
      ? db().tenant.findMany({ orderBy: { name: 'asc' }, take: 100, select: { id: true, name: true, slug: true, domain: true, plan: true, active: true, _count: { select: { users: true } } } })
      : Promise.resolve(null),
  ]);
  return {
    users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, plan: u.plan, createdAt: u.createdAt, tenant: u.tenant?.name ?? null, contents: u._count.ownedContents })),
    totals: { users: userCount, contents, publicContents },
    tenants: tenants?.map((t) => ({ id: t.id, name: t.name, slug: t.slug, domain: t.domain, plan: t.plan, active: t.active, users: t._count.users })) ?? null,
  };
}
