import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { cloneContent } from '@/lib/marketplace/clone';
import { cloneBody, cloneParams, cloneResultSchema, MARKETPLACE_ERR } from '@/lib/marketplace/schemas';

export const POST = route(
  {
    action: 'clone content',
    auth: 'teacher',
    params: cloneParams,
    body: cloneBody,
    summary: 'Clone public content into own content',
    description:
      "The optional JSON body names the copy (`title`, default: the source's title). The clone is recorded: the marketplace item page shows the source's clones count and the caller's own clone. data.contentId is the copy (private). Content whose licence forbids derivatives (CC BY-ND, CC BY-NC-ND) is refused with 403 before anything is copied. The copy keeps the source's licence and authors and adds an entry to its change log (\"Copied from “<title>” by <author>\").",
    tags: ['Marketplace'],
    status: 201,
    response: cloneResultSchema,
    message: true,
    errors: [USER_ERR.notFound, MARKETPLACE_ERR.noDerivatives, MARKETPLACE_ERR.limitReached, MARKETPLACE_ERR.notPublic],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await cloneContent(ctx.params.contentId, user.id, { title: ctx.body.title, userName: user.name }), { status: 201, message: 'Content cloned' });
  },
);
