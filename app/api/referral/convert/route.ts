import { reply, route } from '@/lib/http/route';
import { convertBody, convertReferral } from '@/lib/referral/service';

export const POST = route({ action: 'convert referral', auth: 'none', body: convertBody }, async (ctx) =>
  reply(await convertReferral(ctx.body.referralCode, ctx.body.email)),
);
