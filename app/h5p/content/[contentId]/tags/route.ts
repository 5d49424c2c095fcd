import { contentIdParams } from '@/lib/h5p/http/request';
import { CONTENT_ERRORS } from '@/lib/h5p/content/content';
import { contentTagsSchema, setContentTags, setTagsBody, TAG_ERRORS } from '@/lib/h5p/content/tags';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

export const PUT = route(
  {
    action: 'update tags',
    auth: 'teacher',
    params: contentIdParams,
    body: setTagsBody,
    tags: ['H5P content'],
    summary: 'Replace the tags of own content (lowercase, 1 to 50 characters, at most 20)',
    response: contentTagsSchema,
    message: true,
    errors: [USER_ERR.notFound, TAG_ERRORS.forbidden, CONTENT_ERRORS.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await setContentTags(user.id, ctx.params.contentId, ctx.body.tags), { message: 'Tags updated' });
  },
);
