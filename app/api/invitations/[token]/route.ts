import { z } from 'zod';
import { reply, route } from '@/lib/http/route';
import { acceptBody, PEOPLE_ERRORS, publicInvitationSchema, tokenParams } from '@/lib/people/schemas';
import { acceptInvitation, describeInvitation } from '@/lib/people/service';

export const dynamic = 'force-dynamic';

// GET /api/invitations/:token: who invited you to which school, and the role (public; the token is the key)
export const GET = route(
  {
    action: 'read invitation',
    auth: 'none',
    tier: 'AUTH',
    params: tokenParams,
    summary: 'An invitation by its link: school, role, who invited (public)',
    tags: ['Auth'],
    response: publicInvitationSchema,
    errors: [PEOPLE_ERRORS.invalidInvitation],
  },
  async ({ params }) => reply(await describeInvitation(params.token)),
);

// POST /api/invitations/:token { name, password }: accept (embedded provider: the account is made with the password)
export const POST = route(
  {
    action: 'accept invitation',
    auth: 'none',
    tier: 'AUTH',
    params: tokenParams,
    body: acceptBody,
    summary: 'Accept an invitation (public)',
    description:
      'Embedded identity provider: makes the account with the name and password (at least 8 characters). External Keycloak: the account was made at invite time and Keycloak mailed the link to set its password; the password is not taken here. Either way the user joins the school with the role.',
    tags: ['Auth'],
    status: 201,
    response: z.object({ email: z.string(), setsPassword: z.boolean() }),
    errors: [PEOPLE_ERRORS.invalidInvitation, PEOPLE_ERRORS.passwordRequired, PEOPLE_ERRORS.accountExists, PEOPLE_ERRORS.elsewhere],
  },
  async ({ params, body }) => reply(await acceptInvitation(params.token, body), { status: 201 }),
);
