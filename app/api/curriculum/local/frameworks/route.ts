import { z } from 'zod';
import { adminTenant, LOCAL_ERR, listLocalFrameworks, localFrameworkSchema } from '@/lib/curriculum/local';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'get local frameworks',
    auth: 'user',
    summary: "The school's own (imported) frameworks with the number of entries per level (admin)",
    tags: ['Curriculum'],
    response: z.array(localFrameworkSchema),
    errors: [LOCAL_ERR.admin, LOCAL_ERR.noTenant],
  },
  async (ctx) => reply(await listLocalFrameworks(adminTenant(ctx.principal, requireUser(ctx)))),
);
