import { ADMIN_ERRORS } from '@/lib/admin/manage';
import { NO_DATA, reply, route } from '@/lib/http/route';
import { adminActor, invitationScope } from '@/lib/people/http';
import { idParams, PEOPLE_ERRORS, tenantQuery } from '@/lib/people/schemas';
import { revokeInvitation } from '@/lib/people/service';

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
    await revokeInvitation(actor, invitationScope(actor, ctx.query.tenantId, ctx.tenant?.id), ctx.params.id);
    return reply(undefined, { message: 'Invitation revoked' });
  },
);

