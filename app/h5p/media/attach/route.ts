import { z } from 'zod';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { attachedMediaSchema, attachMedia, MEDIA_TYPES } from '@/lib/h5p/content/media';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

const body = z.object({
  contentId: z.string({ error: 'contentId is required' }).min(1, 'contentId is required').max(100),
  files: z.array(z.string().max(255), { error: 'files is required' }).max(100),
  mediaType: z.enum(MEDIA_TYPES).default('images'),
});

export const POST = route(
  {
    action: 'attach media',
    auth: 'user',
    body,
    tags: ['H5P content'],
    summary: 'Attach uploaded files to content',
    response: attachedMediaSchema,
    errors: [CONTENT_ERRORS.notOwner, CONTENT_ERRORS.notFound, USER_ERR.notFound],
  },
  async (ctx) => reply(await attachMedia(requireUser(ctx), ctx.body)),
);
