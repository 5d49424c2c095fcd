import { ADMIN_ERRORS } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';
import { adminActor } from '@/lib/people/http';
import { idParams, PEOPLE_ERRORS, personSchema, roleBody } from '@/lib/people/schemas';
import { changeRole } from '@/lib/people/service';

// PATCH /api/admin/people/:id { role }: teacher, student or admin of the school (never super_admin); the
// identity provider's role mapping changes, so the user's next token carries it
export const PATCH = route(
  {
    action: 'change role',
    params: idParams,
    body: roleBody,
    summary: "Change a user's role inside the school (admin of the school)",
    description: "The identity provider's realm role is replaced (Keycloak role mappings, or the embedded provider's account); it takes effect with the user's next token.",
    tags: ['Admin'],
    response: personSchema,
    errors: [ADMIN_ERRORS.admin, PEOPLE_ERRORS.userNotFound, PEOPLE_ERRORS.self, PEOPLE_ERRORS.idpFailed],
  },
  async (ctx) => reply(await changeRole(adminActor(ctx), ctx.params.id, ctx.body.role)),
);
