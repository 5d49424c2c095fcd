import { z } from 'zod';
import { ADMIN_ERRORS } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';
import { adminActor } from '@/lib/people/http';
import { PEOPLE_ERRORS, peopleQuery, personSchema } from '@/lib/people/schemas';
import { listPeople, peopleScope } from '@/lib/people/service';

export const dynamic = 'force-dynamic';

// GET /api/admin/people: the school's users with role, status and last sign-in (tenant admin: their own school;
// super admin: ?tenantId= or the host's school)
export const GET = route(
  {
    action: 'list people',
    query: peopleQuery,
    summary: "The school's users: role, status, last sign-in (admin of the school)",
    description: 'Paged (limit, offset), ordered by email; `search` matches part of the email.',
    tags: ['Admin'],
    response: z.array(personSchema),
    extra: { total: z.number().int() },
    errors: [ADMIN_ERRORS.admin, PEOPLE_ERRORS.noTenant, PEOPLE_ERRORS.tenantRequired],
  },
  async (ctx) => {
    const actor = adminActor(ctx);
    const tenantId = peopleScope(actor, ctx.query.tenantId, ctx.tenant?.id);
    const { data, total } = await listPeople({ tenantId, search: ctx.query.search, limit: ctx.query.limit, offset: ctx.query.offset });
    return reply(data, { extra: { total } });
  },
);
