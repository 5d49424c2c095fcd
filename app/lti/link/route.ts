import { route } from '@/lib/http/route';
import { formParams } from '@/lib/lti/http';
import { linkFlow } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

// The account-link pop-up (a first-party window: the session cookie is there); not signed in: to the sign-in page.
export const GET = route({ action: 'link your account', auth: 'optional', tier: 'LTI' }, async (ctx) =>
  linkFlow(ctx.url.searchParams.get('lti_launch'), ctx.user, false, ctx.tenant?.brandConfig),
);

export const POST = route({ action: 'link your account', auth: 'optional', tier: 'LTI', rawBody: true }, async (ctx) => {
  const form = await formParams(ctx.req);
  return linkFlow(form.get('lti_launch'), ctx.user, true, ctx.tenant?.brandConfig);
});
