import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { sharedItemSchema, sharedWithMe, sharedWithMeQuery } from '@/lib/h5p/content/sharing';
import { callerLocale } from '@/lib/i18n/config';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'list shared content',
    auth: 'teacher',
    query: sharedWithMeQuery,
    tags: ['Sharing'],
    summary: 'Content colleagues shared with me',
    description:
      'Items of colleagues of the same school shared with the caller directly or through a folder (at any depth), newest share first, with the caller\'s role (the stronger one when shared twice) and the owner. Paged by offset and limit (default 24, at most 100); `total` counts every match.',
    response: z.array(sharedItemSchema),
    extra: { total: z.number().int() },
    errors: [USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const { data, total } = await sharedWithMe(user, ctx.query, callerLocale(ctx.req.headers, user));
    return reply(data, { extra: { total } });
  },
);
