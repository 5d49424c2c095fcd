import { z } from 'zod';
import { CONTENT_ERRORS, embedSettingsResultSchema, setEmbedSettings } from '@/lib/h5p/content/content';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';
import { errorOf } from '@/lib/errors';

export const dynamic = 'force-dynamic';

const ASK_NAME_INVALID = 'askName must be true or false';
const body = z.object({ askName: z.boolean({ error: ASK_NAME_INVALID }) }).strict();

// The owner's embed settings: whether the embed asks anonymous viewers for a display name (shown in the results).
export const PATCH = route(
  {
    action: 'update embed settings',
    auth: 'teacher',
    params: contentIdParams,
    body,
    tags: ['H5P content'],
    summary: 'The embed settings of content (owner): askName — the embed asks anonymous viewers for a display name, shown in the results',
    response: embedSettingsResultSchema,
    message: true,
    errors: [errorOf(400, `Validation error: askName: ${ASK_NAME_INVALID}`), USER_ERR.notFound, CONTENT_ERRORS.notOwner, CONTENT_ERRORS.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await setEmbedSettings(user, ctx.params.contentId, ctx.body), { message: ctx.body.askName ? 'The embed asks viewers for their name' : 'The embed does not ask viewers for their name' });
  },
);
