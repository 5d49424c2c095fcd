import { z } from 'zod';
import { MEDIA_ERRORS, uploadedMediaSchema, uploadMedia } from '@/lib/h5p/content/media';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const body = z.object({
  filename: z.string({ error: 'filename is required' }).min(1, 'filename is required').max(255),
  data: z.string({ error: 'data is required' }).min(1, 'data is required'),
  contentType: z.string().max(100).default('image/png'),
});

export const POST = route(
  {
    action: 'upload media',
    auth: 'user',
    body,
    tags: ['H5P content'],
    summary: 'Upload a media file (base64) to temporary storage',
    status: 201,
    response: uploadedMediaSchema,
    errors: [MEDIA_ERRORS.type, MEDIA_ERRORS.base64, MEDIA_ERRORS.empty],
  },
  async (ctx) => reply(await uploadMedia(ctx.caller, ctx.body), { status: 201 }),
);
