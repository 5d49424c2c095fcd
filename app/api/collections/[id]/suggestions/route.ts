import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { idParams } from '@/lib/collections/schemas';
import { COLLECTION_ERR, suggestions, suggestionsSchema } from '@/lib/collections/service';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'get suggestions',
    auth: 'user',
    params: idParams,
    summary: 'Suggested public content for a collection',
    description:
      "A Bloom's Taxonomy gap analysis of the items; matching public content filling the gaps comes first. Each item's bloomsLevel is its quality report's level, else its content type's.",
    tags: ['Collections'],
    response: suggestionsSchema,
    errors: [USER_ERR.notFound, COLLECTION_ERR.notFound],
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await suggestions(ctx.params.id, user.id));
  },
);
