// The admin page's overview, scoped as every admin action is: a super_admin sees the whole service, a tenant or
// school admin only the users of their own tenant (none when their account has no tenant).
import { db, Prisma } from '@/lib/db/client';
import { cursorScope, decodeCursor, encodeCursor, type SortKey } from '@/lib/db/keyset';
import { AppError } from '@/lib/errors';

export const ADMIN_USERS_LIMIT = 50;

export type AdminScope = { kind: 'all' } | { kind: 'tenant'; tenantId: string } | { kind: 'none' };

export function adminScope(superAdmin: boolean, tenantId: string | null): AdminScope {
  if (superAdmin) return { kind: 'all' };
  return tenantId ? { kind: 'tenant', tenantId } : { kind: 'none' };
}

/** The users list is paged newest first by keyset: (created_at, id) of the last user shown. */
const USER_KEYS: SortKey[] = [
  { expr: Prisma.sql`created_at`, type: 'timestamptz', dir: 'desc' },
  { expr: Prisma.sql`id`, type: 'text', dir: 'desc' },
];
const USERS_SCOPE = cursorScope('admin-users', {});

/** The users after an `after` cursor (a page's link); an unreadable cursor shows the newest users. */
function usersAfter(after: string | undefined) {
  if (!after) return {};
  try {
    const [createdAt, id] = decodeCursor(after, USERS_SCOPE, USER_KEYS) as [string, string];
    const at = new Date(createdAt);
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return {};
    return { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }] };
  } catch (err) {
    if (err instanceof AppError) return {};
    throw err;
  }
}

export async function adminOverview(scope: AdminScope, after?: string) {
  if (scope.kind === 'none') return { users: [], totals: { users: 0, contents: 0, publicContents: 0 }, tenants: null, nextUsers: null };
  const where = scope.kind === 'tenant' ? { tenantId: scope.tenantId } : {};
  const ownerWhere = scope.kind === 'tenant' ? { user: { tenantId: scope.tenantId } } : {};
  const [users, userCount, contents, publicContents, tenants] = await Promise.all([
    db().user.findMany({
      where: { ...where, ...usersAfter(after) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: ADMIN_USERS_LIMIT + 1,
      select: { id: true, name: true, email: true, role: true, plan: true, createdAt: true, tenant: { select: { name: true } }, _count: { select: { ownedContents: true } } },
    }),
    db().user.count({ where }),
    db().contentOwnership.count({ where: ownerWhere }),
    db().contentOwnership.count({ where: { ...ownerWhere, visibility: 'public' } }),
    scope.kind === 'all'
      ? db().tenant.findMany({ orderBy: { name: 'asc' }, take: 100, select: { id: true, name: true, slug: true, domain: true, plan: true, active: true, _count: { select: { users: true } } } })
      : Promise.resolve(null),
  ]);
  const last = users.length > ADMIN_USERS_LIMIT ? users[ADMIN_USERS_LIMIT - 1] : undefined;
  return {
    /** the cursor of the next (older) page of users, null on the last page */
    nextUsers: last ? encodeCursor(USERS_SCOPE, [last.createdAt.toISOString(), last.id]) : null,
    users: users.slice(0, ADMIN_USERS_LIMIT).map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, plan: u.plan, createdAt: u.createdAt, tenant: u.tenant?.name ?? null, contents: u._count.ownedContents })),
    totals: { users: userCount, contents, publicContents },
    tenants: tenants?.map((t) => ({ id: t.id, name: t.name, slug: t.slug, domain: t.domain, plan: t.plan, active: t.active, users: t._count.users })) ?? null,
  };
}
