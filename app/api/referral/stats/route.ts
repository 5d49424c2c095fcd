import { reply, requireUser, route } from '@/lib/http/route';
import { referralStats, referralStatsView } from '@/lib/referral/service';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get referral stats', auth: 'user', summary: 'Own referral statistics', tags: ['Referral'], response: referralStatsView },
  async (ctx) => reply(await referralStats(requireUser(ctx).id)),
);
