import { CONTENT_ERRORS, contentEditorModelSchema, editorModel } from '@/lib/h5p/content/content';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { bearerQueryToken, contentIdParams, languageQuery } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'load content for editing',
    auth: 'teacher',
    params: contentIdParams,
    query: languageQuery,
    tags: ['H5P content'],
    summary: 'Editor model of existing content',
    response: contentEditorModelSchema,
    errors: [CONTENT_ERRORS.notOwner, CONTENT_ERRORS.notFound, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await editorModel(actorOf(ctx.principal!, bearerQueryToken(ctx.url), user), ctx.query.language, ctx.params.contentId, user));
  },
);
