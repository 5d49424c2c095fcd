import { NO_DATA, reply, route } from '@/lib/http/route';
import { PEOPLE_ERRORS, resetBody } from '@/lib/people/schemas';
import { resetPassword } from '@/lib/people/service';

// POST /api/auth/reset-password { token, password }: the link works once
export const POST = route(
  {
    action: 'reset password',
    auth: 'none',
    tier: 'AUTH',
    body: resetBody,
    summary: 'Set a new password with a reset link (public)',
    description: 'Embedded identity provider. The password needs at least 8 characters; the link works once.',
    tags: ['Auth'],
    response: NO_DATA,
    message: true,
    errors: [PEOPLE_ERRORS.invalidReset],
  },
  async ({ body }) => {
    await resetPassword(body.token, body.password);
    return reply(undefined, { message: 'Your password has been changed. You can sign in now.' });
  },
);
