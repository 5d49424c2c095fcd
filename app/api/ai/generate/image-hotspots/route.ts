import { generateImageHotspots, IMAGE_MAX_BYTES, imageFields, imageRequestBody, mediaForm } from '@/lib/ai/media';
import { assertAiConfigured } from '@/lib/ai/client';
import { AI_ERR, IMAGE_REQUIRED } from '@/lib/ai/errors';
import { generatedSchema } from '@/lib/ai/generate';
import { AppError } from '@/lib/errors';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Image Hotspots from an uploaded image (feature image-hotspot; one AI credit): multipart `image` (PNG, JPEG or GIF,
// at most 10 MB) with topic, language, difficulty, bloomsLevel, questionCount (hotspots, 1–12) and save; the
// provider looks at the image (vision input) and places the hotspots.
export const POST = route(
  {
    action: 'generate content',
    auth: 'teacher',
    tier: 'AI',
    feature: 'image-hotspot',
    rawBody: true,
    summary: 'Image Hotspots from an uploaded image (image-hotspot; one AI credit): the provider looks at the image (vision input) and places the hotspots',
    tags: ['AI'],
    requestBody: imageRequestBody,
    status: 201,
    response: generatedSchema,
    message: true,
    errors: [AI_ERR.imageRequired, AI_ERR.fileType, AI_ERR.uploadTruncated, AI_ERR.tooLarge, AI_ERR.limit, AI_ERR.invalid, AI_ERR.notConfigured],
  },
  async (ctx) => {
    assertAiConfigured();
    const form = await mediaForm(ctx.req, 'the image', { image: IMAGE_MAX_BYTES }, imageFields);
    try {
      const image = form.files.image;
      if (!image) throw new AppError(400, IMAGE_REQUIRED);
      const result = await generateImageHotspots(requireUser(ctx), ctx.caller, image, form.fields);
      return reply(result, { status: result.contentId ? 201 : 200, message: result.contentId ? 'Content generated' : 'Draft generated' });
    } finally {
      await form.cleanup();
    }
  },
);
