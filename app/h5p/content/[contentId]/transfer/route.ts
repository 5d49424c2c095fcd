import { readerOf } from '@/lib/h5p/content/access';
import { USER_ERR } from '@/lib/auth/users';
import { SHARE_ERR, transferBody, transferOwnership, transferResultSchema } from '@/lib/h5p/content/sharing';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = route(
  {
    action: 'transfer content',
    auth: 'teacher',
    params: contentIdParams,
    body: transferBody,
    tags: ['Sharing'],
    summary: 'Transfer ownership of content to a colleague of the same school (owner)',
    description:
      "The new owner takes the item's files on their storage allowance and one unit of their monthly content quota; the item moves to the top level of their content and the old owner stays on as its editor.",
    response: transferResultSchema,
    message: true,
    errors: [
      USER_ERR.notFound,
      SHARE_ERR.noTenant,
      SHARE_ERR.transferOwnerOnly,
      SHARE_ERR.contentNotFound,
      SHARE_ERR.noColleague,
      SHARE_ERR.transferSelf,
      SHARE_ERR.student,
      SHARE_ERR.transferStorage,
      SHARE_ERR.transferQuota,
    ],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await transferOwnership(user, readerOf(ctx.principal, user), ctx.params.contentId, ctx.body.email), { message: 'Ownership transferred' });
  },
);
