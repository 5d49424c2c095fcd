import { reply, requireUser, route } from '@/lib/http/route';
import { referralLink } from '@/lib/referral/service';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get referral link', auth: 'user' }, async (ctx) => reply(await referralLink(requireUser(ctx).id)));
