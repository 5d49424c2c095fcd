import { ADMIN_ERRORS } from '@/lib/admin/manage';
import { NO_DATA, reply, route } from '@/lib/http/route';
import { adminActor } from '@/lib/people/http';
import { idParams, PEOPLE_ERRORS, tenantQuery } from '@/lib/people/schemas';
import { peopleScope, revokeInvitation } from '@/lib/people/service';

// DELETE /api/admin/people/invitations/:id: the link stops working
export const DELETE = route(
  {
    action: 'revoke invitation',
    params: idParams,
    query: tenantQuery,
    summary: 'Revoke a pending invitation (admin of the school)',
    tags: ['Admin'],
    response: NO_DATA,
    message: true,
    errors: [ADMIN_ERRORS.admin, PEOPLE_ERRORS.invitationNotFound],
  },
  async (ctx) => {
    const actor = adminActor(ctx);
    const tenantId = scopeOrNotFound(() => peopleScope(actor, ctx.query.tenantId, ctx.tenant?.id));
    await revokeInvitation(actor, tenantId, ctx.params.id);
    return reply(undefined, { message: 'Invitation revoked' });
  },
);

/** A caller without a school of theirs finds no invitation: the same 404 as another school's. */
function scopeOrNotFound(scope: () => string): string {
  try {
    return scope();
  } catch {
    return '00000000-0000-0000-0000-000000000000';
  }
}
