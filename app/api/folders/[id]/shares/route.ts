import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { addFolderShare, listFolderShares, SHARE_ERR, shareBody, shareSchema } from '@/lib/h5p/content/sharing';
import { folderParams } from '@/lib/h5p/content/folders';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const tags = ['Sharing'];

export const GET = route(
  {
    action: 'list folder shares',
    auth: 'teacher',
    params: folderParams,
    tags,
    summary: 'Colleagues a folder is shared with (owner, editors)',
    response: z.array(shareSchema),
    errors: [USER_ERR.notFound, SHARE_ERR.folderListForbidden, SHARE_ERR.folderNotFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await listFolderShares(user, ctx.params.id));
  },
);

export const POST = route(
  {
    action: 'share folder',
    auth: 'teacher',
    params: folderParams,
    body: shareBody,
    tags,
    summary: 'Share a folder and everything in it with a colleague of the same school (owner)',
    description: 'The share reaches every item in the folder and in its subfolders, now and later, with the same rights as a share of each item.',
    status: 201,
    response: shareSchema,
    errors: [USER_ERR.notFound, SHARE_ERR.noTenant, SHARE_ERR.folderNotFound, SHARE_ERR.noColleague, SHARE_ERR.self, SHARE_ERR.student, SHARE_ERR.folderExists],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await addFolderShare(user, ctx.params.id, ctx.body), { status: 201 });
  },
);
