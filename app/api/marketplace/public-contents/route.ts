import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { listQuery, MARKETPLACE_ERR, publicItemSchema } from '@/lib/marketplace/schemas';
import { listPublic } from '@/lib/marketplace/service';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'list public contents',
    auth: 'user',
    query: listQuery,
    summary: "Browse other users' public content",
    tags: ['Marketplace'],
    response: z.array(publicItemSchema),
    extra: {
      total: z.number().int(),
      nextCursor: z
        .string()
        .optional()
        .describe('opaque keyset cursor of the next page (pass it as `cursor` with the same sort and filters); absent on the last page'),
    },
    errors: [MARKETPLACE_ERR.cursorInvalid, MARKETPLACE_ERR.cursorOtherScope, MARKETPLACE_ERR.cursorWithOffset, MARKETPLACE_ERR.offsetTooDeep, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { data, total, nextCursor } = await listPublic(user.id, ctx.query);
    // nextCursor only when another page follows (a last page keeps the spec's envelope exactly)
    return reply(data, { extra: nextCursor ? { total, nextCursor } : { total } });
  },
);
