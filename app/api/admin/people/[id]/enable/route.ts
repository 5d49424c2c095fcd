import { ADMIN_ERRORS } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';
import { adminActor } from '@/lib/people/http';
import { idParams, PEOPLE_ERRORS, personSchema } from '@/lib/people/schemas';
import { setDisabled } from '@/lib/people/service';

// POST /api/admin/people/:id/enable
export const POST = route(
  {
    action: 'enable account',
    params: idParams,
    summary: 'Enable a disabled account again (admin of the school)',
    tags: ['Admin'],
    response: personSchema,
    errors: [ADMIN_ERRORS.admin, PEOPLE_ERRORS.userNotFound, PEOPLE_ERRORS.self, PEOPLE_ERRORS.idpFailed],
  },
  async (ctx) => reply(await setDisabled(adminActor(ctx), ctx.params.id, false)),
);
