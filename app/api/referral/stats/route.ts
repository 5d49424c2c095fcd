import { reply, requireUser, route } from '@/lib/http/route';
import { referralStats } from '@/lib/referral/service';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get referral stats', auth: 'user' }, async (ctx) => reply(await referralStats(requireUser(ctx).id)));
