import { z } from 'zod';
import { readerOf } from '@/lib/h5p/content/access';
import { CONTENT_ERRORS, duplicateContent } from '@/lib/h5p/content/content';
import { contentIdParams } from '@/lib/h5p/http/request';
import { reply, requireUser, route } from '@/lib/http/route';
import { USER_ERR } from '@/lib/auth/users';

export const dynamic = 'force-dynamic';

export const POST = route(
  {
    action: 'duplicate content',
    auth: 'teacher',
    params: contentIdParams,
    tags: ['H5P content'],
    summary: 'Duplicate readable content as a private copy of the caller ("<title> (copy)"); counts toward the monthly quota; keeps the licence and authors and adds a change-log entry. Someone else\'s content under a licence without derivatives (ND) is refused with 403',
    status: 201,
    response: z.object({ contentId: z.string() }),
    message: true,
    errors: [USER_ERR.notFound, CONTENT_ERRORS.noDerivatives, CONTENT_ERRORS.quota, CONTENT_ERRORS.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    const data = await duplicateContent(readerOf(ctx.principal, user), user, ctx.params.contentId);
    return reply(data, { status: 201, message: 'Content duplicated' });
  },
);
