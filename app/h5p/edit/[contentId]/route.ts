import { CONTENT_ERRORS, contentEditorModelSchema, editorModel } from '@/lib/h5p/content/content';
import { contentIdParams, languageQuery } from '@/lib/h5p/http/request';
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
    return reply(await editorModel(ctx.caller, ctx.query.language, ctx.params.contentId, user));
  },
);
