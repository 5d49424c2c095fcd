import { reply, requireUser, route } from '@/lib/http/route';
import { idParams } from '@/lib/collections/schemas';
import { suggestions } from '@/lib/collections/service';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get suggestions', auth: 'user', params: idParams }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await suggestions(ctx.params.id, user.id));
});
