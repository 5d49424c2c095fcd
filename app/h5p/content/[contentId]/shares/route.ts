import { z } from 'zod';
import { USER_ERR } from '@/lib/auth/users';
import { readerOf } from '@/lib/h5p/content/access';
import { addItemShare, listItemShares, SHARE_ERR, shareBody, shareSchema } from '@/lib/h5p/content/sharing';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const tags = ['Sharing'];

export const GET = route(
  {
    action: 'list shares',
    auth: 'teacher',
    params: contentIdParams,
    tags,
    summary: 'Colleagues this content is shared with (owner, editors)',
    description: 'The direct shares of the item (shares of its folders are listed on the folder). Readers who are neither its owner nor an editor get 403; everyone else who may not read it 404.',
    response: z.array(shareSchema),
    errors: [USER_ERR.notFound, SHARE_ERR.listForbidden, SHARE_ERR.contentNotFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await listItemShares(readerOf(ctx.principal, user), ctx.params.contentId));
  },
);

export const POST = route(
  {
    action: 'share content',
    auth: 'teacher',
    params: contentIdParams,
    body: shareBody,
    tags,
    summary: 'Share content with a colleague of the same school as viewer or editor (owner)',
    description:
      'A viewer may play and preview the item; an editor may also edit, export and see its results, but never delete, publish, share or transfer it. The colleague is named by email and must be a teacher (or admin) of the owner\'s school: an unknown email and a user of another school get the same 404.',
    status: 201,
    response: shareSchema,
    errors: [USER_ERR.notFound, SHARE_ERR.noTenant, SHARE_ERR.ownerOnly, SHARE_ERR.contentNotFound, SHARE_ERR.noColleague, SHARE_ERR.self, SHARE_ERR.student, SHARE_ERR.exists],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await addItemShare(user, readerOf(ctx.principal, user), ctx.params.contentId, ctx.body), { status: 201 });
  },
);
