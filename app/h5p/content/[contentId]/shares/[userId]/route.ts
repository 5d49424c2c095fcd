import { readerOf } from '@/lib/h5p/content/access';
import { USER_ERR } from '@/lib/auth/users';
import { changeItemShare, contentShareParams, removeItemShare, SHARE_ERR, shareRoleBody, shareSchema } from '@/lib/h5p/content/sharing';
import { NO_DATA, reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const tags = ['Sharing'];
const errors = [USER_ERR.notFound, SHARE_ERR.noTenant, SHARE_ERR.ownerOnly, SHARE_ERR.contentNotFound, SHARE_ERR.shareNotFound];

export const PATCH = route(
  { action: 'change share', auth: 'teacher', params: contentShareParams, body: shareRoleBody, tags, summary: "Change a colleague's role on content (owner)", response: shareSchema, errors },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await changeItemShare(user, readerOf(ctx.principal, user), ctx.params.contentId, ctx.params.userId, ctx.body.role));
  },
);

export const DELETE = route(
  { action: 'remove share', auth: 'teacher', params: contentShareParams, tags, summary: "Remove a colleague's share of content (owner)", response: NO_DATA, message: true, errors },
  async (ctx) => {
    const user = requireUser(ctx);
    await removeItemShare(user, readerOf(ctx.principal, user), ctx.params.contentId, ctx.params.userId);
    return reply(undefined, { message: 'Share removed' });
  },
);
