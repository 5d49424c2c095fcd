import { reply, requireUser, route } from '@/lib/http/route';
import { facets } from '@/lib/marketplace/service';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'load filters', auth: 'user' }, async (ctx) => {
  requireUser(ctx);
  const { data, names } = await facets();
  return reply(data, { extra: { names } });
});
