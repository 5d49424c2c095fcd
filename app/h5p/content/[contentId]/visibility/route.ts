import { z } from 'zod';
import { CONTENT_ERRORS, ERR, setVisibility, visibilityResultSchema } from '@/lib/h5p/content/content';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

const body = z.object({ visibility: z.enum(['private', 'public'], { error: ERR.invalidVisibility }) });

export const PATCH = route(
  {
    action: 'update visibility',
    auth: 'teacher',
    params: contentIdParams,
    body,
    tags: ['H5P content'],
    summary: 'Make content public or private (owner)',
    response: visibilityResultSchema,
    message: true,
    errors: [CONTENT_ERRORS.invalidVisibility, USER_ERR.notFound, CONTENT_ERRORS.visibilityForbidden, CONTENT_ERRORS.hiddenByModerator, CONTENT_ERRORS.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await setVisibility(user, ctx.params.contentId, ctx.body.visibility), { message: `Content is now ${ctx.body.visibility}` });
  },
);
