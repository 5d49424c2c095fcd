import { z } from 'zod';
import { CONTENT_ERRORS, contentEditorModelSchema, currentRevisionOf, editorModel, revisionReply } from '@/lib/h5p/content/content';
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
    extra: { currentRevision: z.string().nullable() },
    errors: [CONTENT_ERRORS.notOwner, CONTENT_ERRORS.notFound, USER_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    // the revision the editor starts from (read first: a save in between is then a conflict, never lost)
    const revision = await currentRevisionOf(ctx.params.contentId);
    return reply(await editorModel(ctx.caller, ctx.query.language, ctx.params.contentId, user), revisionReply(revision));
  },
);
