import { bulkBody, bulkContentAction, bulkResultsSchema } from '@/lib/h5p/content/bulk';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

export const POST = route(
  {
    action: 'apply bulk action',
    auth: 'teacher',
    body: bulkBody,
    tags: ['H5P content'],
    summary: 'Publish, unpublish or delete up to 100 of own content items; one result per item',
    response: bulkResultsSchema,
    errors: [USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await bulkContentAction(ctx.principal, user, ctx.body));
  },
);
