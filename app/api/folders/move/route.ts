import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { FOLDER_ERR, moveContents, moveContentsBody, moveResultSchema } from '@/lib/h5p/content/folders';

export const dynamic = 'force-dynamic';

export const POST = route(
  {
    action: 'move content to folder',
    auth: 'teacher',
    body: moveContentsBody,
    tags: ['Folders'],
    summary: "Move the caller's content into a folder",
    description: 'folderId null moves the items to the top level. All or nothing: an id that is not the caller\'s own content answers 404 and moves nothing.',
    response: moveResultSchema,
    errors: [USER_ERR.notFound, FOLDER_ERR.notFound, FOLDER_ERR.contentNotFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await moveContents(user, ctx.body));
  },
);
