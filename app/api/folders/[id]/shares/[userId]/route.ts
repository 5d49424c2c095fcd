import { USER_ERR } from '@/lib/auth/users';
import { changeFolderShare, folderShareParams, removeFolderShare, SHARE_ERR, shareRoleBody, shareSchema } from '@/lib/h5p/content/sharing';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const tags = ['Sharing'];
const errors = [USER_ERR.notFound, SHARE_ERR.noTenant, SHARE_ERR.folderNotFound, SHARE_ERR.shareNotFound];

export const PATCH = route(
  { action: 'change folder share', auth: 'teacher', params: folderShareParams, body: shareRoleBody, tags, summary: "Change a colleague's role on a folder (owner)", response: shareSchema, errors },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await changeFolderShare(user, ctx.params.id, ctx.params.userId, ctx.body.role));
  },
);

export const DELETE = route(
  { action: 'remove folder share', auth: 'teacher', params: folderShareParams, tags, summary: "Remove a colleague's share of a folder (owner)", response: NO_DATA, message: true, errors },
  async (ctx) => {
    const user = requireUser(ctx);
    await removeFolderShare(user, ctx.params.id, ctx.params.userId);
    return reply(undefined, { message: 'Share removed' });
  },
);
