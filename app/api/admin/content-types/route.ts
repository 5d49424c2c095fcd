import { contentTypesOverview } from '@/lib/admin/content-types';
import { assertAdmin } from '@/lib/admin/manage';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// GET /api/admin/content-types: hub status, the essential set, the hub's types with installed versions, the libraries
export const GET = route({ action: 'load content types' }, async ({ principal }) => {
  assertAdmin(principal);
  return reply(await contentTypesOverview());
});
