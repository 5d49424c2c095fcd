// The people routes' request side: who is acting and where links point.
import type { RouteContext, RequestHead } from '@/lib/http/route';
import { assertAdmin } from '@/lib/admin/manage';
import { linkBaseFor, type Actor } from './service';

/** The acting admin of a people route: 403 Admin access required for everyone else. */
export function adminActor(ctx: Pick<RouteContext<unknown, unknown, unknown, RequestHead>, 'principal' | 'user'>): Actor {
  assertAdmin(ctx.principal);
  return { principal: ctx.principal, user: ctx.user };
}

export const linkBase = (ctx: Pick<RouteContext<unknown, unknown, unknown, RequestHead>, 'req' | 'tenant'>, tenantId: string | null) => linkBaseFor(ctx.req.headers, ctx.tenant?.id, tenantId);
