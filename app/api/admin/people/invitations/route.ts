import { z } from 'zod';
import { ADMIN_ERRORS } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';
import { adminActor, linkBase } from '@/lib/people/http';
import { invitationSchema, inviteAnswerSchema, inviteBody, PEOPLE_ERRORS, tenantQuery } from '@/lib/people/schemas';
import { invite, listInvitations, peopleScope } from '@/lib/people/service';

export const dynamic = 'force-dynamic';

// GET /api/admin/people/invitations: the school's pending invitations
export const GET = route(
  {
    action: 'list invitations',
    query: tenantQuery,
    summary: "The school's pending invitations (admin of the school)",
    tags: ['Admin'],
    response: z.array(invitationSchema),
    errors: [ADMIN_ERRORS.admin, PEOPLE_ERRORS.noTenant, PEOPLE_ERRORS.tenantRequired],
  },
  async (ctx) => {
    const tenantId = peopleScope(adminActor(ctx), ctx.query.tenantId, ctx.tenant?.id);
    return reply(await listInvitations(tenantId));
  },
);

// POST /api/admin/people/invitations { email, role }
export const POST = route(
  {
    action: 'invite',
    query: tenantQuery,
    body: inviteBody,
    summary: 'Invite a teacher or a student by e-mail (admin of the school)',
    description:
      'The link is valid 7 days. It is mailed when SMTP is configured (the school\'s own relay, else the service\'s); otherwise the answer carries it (`link`) for the admin to hand over. With an external Keycloak the account is made there at once (role mapping, tenant attribute) and Keycloak mails its own link to set the password.',
    tags: ['Admin'],
    status: 201,
    response: inviteAnswerSchema,
    errors: [ADMIN_ERRORS.admin, PEOPLE_ERRORS.noTenant, PEOPLE_ERRORS.tenantRequired, PEOPLE_ERRORS.member, PEOPLE_ERRORS.pending, PEOPLE_ERRORS.elsewhere, PEOPLE_ERRORS.idpFailed],
  },
  async (ctx) => {
    const actor = adminActor(ctx);
    const tenantId = peopleScope(actor, ctx.query.tenantId, ctx.tenant?.id);
    return reply(await invite(actor, tenantId, ctx.body, linkBase(ctx, tenantId)), { status: 201 });
  },
);
