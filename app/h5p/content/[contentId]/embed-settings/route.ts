import { z } from 'zod';
import { setEmbedSettings } from '@/lib/h5p/content/content';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const body = z.object({ askName: z.boolean({ error: 'askName must be true or false' }) }).strict();

// The owner's embed settings: whether the embed asks anonymous viewers for a display name (shown in the results).
export const PATCH = route({ action: 'update embed settings', auth: 'teacher', params: contentIdParams, body }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await setEmbedSettings(user, ctx.params.contentId, ctx.body), { message: ctx.body.askName ? 'The embed asks viewers for their name' : 'The embed does not ask viewers for their name' });
});
