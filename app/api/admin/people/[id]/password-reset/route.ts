import { ADMIN_ERRORS } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';
import { adminActor, linkBase } from '@/lib/people/http';
import { idParams, linkAnswerSchema, PEOPLE_ERRORS } from '@/lib/people/schemas';
import { issuePasswordReset } from '@/lib/people/service';

// POST /api/admin/people/:id/password-reset
export const POST = route(
  {
    action: 'issue password reset',
    params: idParams,
    summary: 'Issue a password reset link (admin of the school)',
    description:
      "Embedded identity provider: a single-use link valid 7 days, mailed when SMTP is configured, otherwise answered (`link`) for the admin to hand over. External Keycloak: Keycloak mails its own UPDATE_PASSWORD link (execute-actions-email).",
    tags: ['Admin'],
    status: 201,
    response: linkAnswerSchema,
    errors: [ADMIN_ERRORS.admin, PEOPLE_ERRORS.userNotFound, PEOPLE_ERRORS.idpFailed],
  },
  async (ctx) => {
    const actor = adminActor(ctx);
    return reply(await issuePasswordReset(actor, ctx.params.id, linkBase(ctx, actor.user?.tenantId ?? null)), { status: 201 });
  },
);
