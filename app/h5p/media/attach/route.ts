import { z } from 'zod';
import { attachMedia, MEDIA_TYPES } from '@/lib/h5p/content/media';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const body = z.object({
  contentId: z.string({ error: 'contentId is required' }).min(1, 'contentId is required').max(100),
  files: z.array(z.string().max(255), { error: 'files is required' }).max(100),
  mediaType: z.enum(MEDIA_TYPES).default('images'),
});

export const POST = route({ action: 'attach media', auth: 'user', body }, async (ctx) => reply(await attachMedia(requireUser(ctx), ctx.body)));
