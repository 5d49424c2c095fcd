import { contentTypesOverview, contentTypesOverviewSchema } from '@/lib/admin/content-types';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// GET /api/admin/content-types: hub status, the essential set, the hub's types with installed versions, the libraries
export const GET = route(
  {
    action: 'load content types',
    summary: 'Hub status, the essential set, the hub catalog with installed versions, the installed libraries, the latest essentials job (admin)',
    tags: ['Admin'],
    response: contentTypesOverviewSchema,
    errors: [ADMIN_ERRORS.admin],
  },
  async ({ principal }) => {
    assertAdmin(principal);
    return reply(await contentTypesOverview());
  },
);
