import { readerOf } from '@/lib/h5p/content/access';
import { duplicateContent } from '@/lib/h5p/content/content';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = route({ action: 'duplicate content', auth: 'teacher', params: contentIdParams }, async (ctx) => {
  const user = requireUser(ctx);
  const data = await duplicateContent(readerOf(ctx.principal, user), user, ctx.params.contentId);
  return reply(data, { status: 201, message: 'Content duplicated' });
});
