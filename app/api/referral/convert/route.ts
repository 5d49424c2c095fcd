import { reply, route } from '@/lib/http/route';
import { convertBody, convertReferral } from '@/lib/referral/service';

// the AUTH tier: an anonymous endpoint that credits someone is rate-limited like a login
export const POST = route({ action: 'convert referral', auth: 'none', tier: 'AUTH', body: convertBody }, async (ctx) =>
  reply(await convertReferral(ctx.body.referralCode, ctx.body.email)),
);
