import { z } from 'zod';
import { ERR, setVisibility } from '@/lib/h5p/content/content';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const body = z.object({ visibility: z.enum(['private', 'public'], { error: ERR.invalidVisibility }) });

export const PATCH = route({ action: 'update visibility', auth: 'teacher', params: contentIdParams, body }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await setVisibility(user, ctx.params.contentId, ctx.body.visibility), { message: `Content is now ${ctx.body.visibility}` });
});
