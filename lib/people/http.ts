// The people routes' request side: who is acting and where links point.
import type { RouteContext, RequestHead } from '@/lib/http/route';
import { assertAdmin } from '@/lib/admin/manage';
import { linkBaseFor, peopleScope, type Actor } from './service';

/** The acting admin of a people route: 403 Admin access required for everyone else. */
export function adminActor(ctx: Pick<RouteContext<unknown, unknown, unknown, RequestHead>, 'principal' | 'user'>): Actor {
  assertAdmin(ctx.principal);
  return { principal: ctx.principal, user: ctx.user };
}

export const linkBase = (ctx: Pick<RouteContext<unknown, unknown, unknown, RequestHead>, 'req' | 'tenant'>, tenantId: string | null) => linkBaseFor(ctx.req.headers, ctx.tenant?.id, tenantId);

/** No school matches this id: a caller with no school of theirs finds nothing (the same 404 as another school's). */
const NO_SCHOOL = '00000000-0000-0000-0000-000000000000';

/** The school an invitation route acts in; a caller without one gets the 404 of an invitation not found there. */
export function invitationScope(actor: Actor, asked: string | undefined, hostTenantId: string | undefined): string {
  try {
    return peopleScope(actor, asked, hostTenantId);
  } catch {
    return NO_SCHOOL;
  }
}
