import { ADMIN_ERRORS } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';
import { adminActor, invitationScope, linkBase } from '@/lib/people/http';
import { idParams, inviteAnswerSchema, PEOPLE_ERRORS, tenantQuery } from '@/lib/people/schemas';
import { resendInvitation } from '@/lib/people/service';

// POST /api/admin/people/invitations/:id/resend: a new link, valid 7 more days (the old one stops working)
export const POST = route(
  {
    action: 'resend invitation',
    params: idParams,
    query: tenantQuery,
    summary: 'Send a pending invitation again with a new link (admin of the school)',
    description: 'Mailed when SMTP is configured; otherwise the answer carries the new link (`link`) to hand over.',
    tags: ['Admin'],
    response: inviteAnswerSchema,
    errors: [ADMIN_ERRORS.admin, PEOPLE_ERRORS.invitationNotFound, PEOPLE_ERRORS.idpFailed],
  },
  async (ctx) => {
    const actor = adminActor(ctx);
    const tenantId = invitationScope(actor, ctx.query.tenantId, ctx.tenant?.id);
    return reply(await resendInvitation(actor, tenantId, ctx.params.id, linkBase(ctx, tenantId)));
  },
);
