import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { facetNamesSchema, facetsSchema } from '@/lib/marketplace/schemas';
import { facets } from '@/lib/marketplace/service';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'load filters',
    auth: 'user',
    summary: 'Filter values of the marketplace',
    description: 'data: subjects, grades, difficulties, languages, frameworks (sorted string arrays); names: display names of the codes.',
    tags: ['Marketplace'],
    response: facetsSchema,
    extra: { names: facetNamesSchema },
    errors: [USER_ERR.notFound],
  },
  async (ctx) => {
    requireUser(ctx);
    const { data, names } = await facets();
    return reply(data, { extra: { names } });
  },
);
