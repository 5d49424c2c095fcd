import { jobViewSchema, submitVideo } from '@/lib/ai/jobs';
import { CAPTIONS_MAX_BYTES, mediaForm, prepareVideo, VIDEO_MAX_BYTES, videoFields, videoRequestBody } from '@/lib/ai/media';
import { assertAiConfigured } from '@/lib/ai/client';
import { AI_ERR } from '@/lib/ai/errors';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// An Interactive Video from a video (feature video-to-h5p; one AI credit), as a job: multipart `video` (MP4, WebM or
// Ogg, at most 200 MB) or `videoUrl` (a YouTube link or a video file), `captions` (WebVTT, at most 1 MB; without
// them the provider transcribes the video, at most 25 MB), title, language, difficulty, bloomsLevel, questionCount.
export const POST = route(
  {
    action: 'start a video generation',
    auth: 'teacher',
    tier: 'AI',
    feature: 'video-to-h5p',
    rawBody: true,
    summary: 'An Interactive Video with questions at timestamps, as a job (video-to-h5p; one AI credit): an uploaded or linked video with its WebVTT captions, or transcribed by the provider',
    description: 'The job\'s results[0].contentId is the video once it ends.',
    tags: ['AI'],
    requestBody: videoRequestBody,
    status: 202,
    response: jobViewSchema,
    message: true,
    errors: [AI_ERR.videoRequired, AI_ERR.youtubeNeedsCaptions, AI_ERR.notWebVtt, AI_ERR.fileType, AI_ERR.uploadTruncated, AI_ERR.tooLarge, AI_ERR.notConfigured],
  },
  async (ctx) => {
    assertAiConfigured();
    const form = await mediaForm(ctx.req, 'the video', { video: VIDEO_MAX_BYTES, captions: CAPTIONS_MAX_BYTES }, videoFields);
    try {
      const user = requireUser(ctx);
      const item = await prepareVideo(ctx.caller, form.files, form.fields);
      return reply(await submitVideo(user, item), { status: 202, message: 'Job queued' });
    } finally {
      await form.cleanup();
    }
  },
);
