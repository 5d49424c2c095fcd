import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { listQuery, MARKETPLACE_ERR, publicItemSchema } from '@/lib/marketplace/schemas';
import { listPublic } from '@/lib/marketplace/service';
import { callerLocale } from '@/lib/i18n/config';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'list public contents',
    auth: 'user',
    query: listQuery,
    summary: "Browse other users' public content",
    // `language` filters by the content's language; the type titles of include=card follow the caller's language
    description:
      "With include=card, `contentTypeTitle` is in the caller's interface language (their chosen language, the `locale` cookie, Accept-Language) where H5P ships a translation of the type's title, else the installed library's English title.",
    tags: ['Marketplace'],
    response: z.array(publicItemSchema),
    extra: {
      total: z.number().int(),
      nextCursor: z
        .string()
        .optional()
        .describe('opaque keyset cursor of the next page (pass it as `cursor` with the same sort and filters); absent on the last page'),
    },
    errors: [MARKETPLACE_ERR.cursorInvalid, MARKETPLACE_ERR.cursorOtherScope, MARKETPLACE_ERR.cursorWithOffset, MARKETPLACE_ERR.offsetTooDeep, MARKETPLACE_ERR.unknownLicence, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { data, total, nextCursor } = await listPublic(user.id, ctx.query, callerLocale(ctx.req.headers, user));
    // nextCursor only when another page follows (a last page keeps the spec's envelope exactly)
    return reply(data, { extra: nextCursor ? { total, nextCursor } : { total } });
  },
);
