import { bulkBody, bulkContentAction } from '@/lib/h5p/content/bulk';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = route({ action: 'apply bulk action', auth: 'teacher', body: bulkBody }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await bulkContentAction(ctx.principal, user, ctx.body));
});
