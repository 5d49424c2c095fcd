import { reply, route } from '@/lib/http/route';
import { convertBody, convertReferral, convertResultView } from '@/lib/referral/service';

// the AUTH tier: an anonymous endpoint that credits someone is rate-limited like a login
export const POST = route(
  {
    action: 'convert referral',
    auth: 'none',
    tier: 'AUTH',
    body: convertBody,
    summary: 'Convert a referral (during registration)',
    description: 'Credits the referrer with 5 AI generations. An unknown code answers converted=false.',
    tags: ['Referral'],
    response: convertResultView,
  },
  async (ctx) => reply(await convertReferral(ctx.body.referralCode, ctx.body.email)),
);
