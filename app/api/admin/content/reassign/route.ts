import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { USER_ERR } from '@/lib/auth/users';
import { reassignBody, reassignContent, reassignResultSchema, SHARE_ERR } from '@/lib/h5p/content/sharing';
import { reply, requireUser, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// A departing teacher's content: a tenant admin moves all of one user's content and folders to another user of
// their school (a super admin within any one school), audited.
export const POST = route(
  {
    action: 'reassign content',
    body: reassignBody,
    tags: ['Admin', 'Sharing'],
    summary: "Move all of a user's content and folders to another user of the same school (admin)",
    description:
      'Both users are named by email and must belong to the admin\'s school (a super admin: to one and the same school); an unknown email and a user of another school get the same 404. Folders keep their tree; the storage the content takes moves with it.',
    response: reassignResultSchema,
    message: true,
    errors: [ADMIN_ERRORS.admin, USER_ERR.notFound, SHARE_ERR.reassignNoTenant, SHARE_ERR.reassignNoUser, SHARE_ERR.reassignSame, SHARE_ERR.reassignStudent],
  },
  async (ctx) => {
    assertAdmin(ctx.principal);
    const user = requireUser(ctx);
    return reply(await reassignContent(ctx.principal, user, ctx.body), { message: 'Content reassigned' });
  },
);
