import { reply, route } from '@/lib/http/route';
import { forgotAnswerSchema, forgotBody } from '@/lib/people/schemas';
import { forgotPassword, linkBaseFor, mailConfiguredFor } from '@/lib/people/service';

// POST /api/auth/forgot-password { email }: always the same answer (no account enumeration)
export const POST = route(
  {
    action: 'request password reset',
    auth: 'none',
    tier: 'AUTH',
    body: forgotBody,
    summary: 'Forgot password: a reset link by mail (public)',
    description:
      'The answer is the same whether or not an account exists. Embedded identity provider with SMTP: a single-use link valid 1 hour is mailed; without SMTP nothing is sent (`mailConfigured: false`: ask the school\'s admin for a reset link). External Keycloak: Keycloak mails its own UPDATE_PASSWORD link.',
    tags: ['Auth'],
    response: forgotAnswerSchema,
    message: true,
  },
  async (ctx) => {
    const host = ctx.tenant?.id;
    forgotPassword(ctx.body.email, linkBaseFor(ctx.req.headers, host, host ?? null));
    return reply({ mailConfigured: await mailConfiguredFor(host) }, { message: 'If an account exists for this email, a link to reset its password is on its way.' });
  },
);
