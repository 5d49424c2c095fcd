import { reply, requireUser, route } from '@/lib/http/route';
import { referralLink, referralLinkView } from '@/lib/referral/service';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get referral link', auth: 'user', summary: 'Own referral code and link', tags: ['Referral'], response: referralLinkView },
  async (ctx) => reply(await referralLink(requireUser(ctx).id)),
);
