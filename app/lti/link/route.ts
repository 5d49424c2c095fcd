import { route } from '@/lib/http/route';
import { formParams } from '@/lib/lti/http';
import { linkFlow } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

// The account-link pop-up (a first-party window: the session cookie is there); not signed in: to the sign-in page.
export const GET = route({ action: 'link your account', auth: 'optional', tier: 'LTI', summary: 'The account-link pop-up (signed in; else to the sign-in page)', tags: ['LTI'], response: { kind: 'html', description: 'HTML page' } }, async (ctx) =>
  linkFlow(ctx.url.searchParams.get('lti_launch'), ctx.user, false, ctx.tenant?.brandConfig),
);

export const POST = route({ action: 'link your account', auth: 'optional', tier: 'LTI', rawBody: true, summary: 'Link the launch\'s LMS user to the signed-in account', tags: ['LTI'], requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['lti_launch'], properties: { lti_launch: { type: 'string' } } } } } }, response: { kind: 'html', description: 'HTML page' } }, async (ctx) => {
  const form = await formParams(ctx.req);
  return linkFlow(form.get('lti_launch'), ctx.user, true, ctx.tenant?.brandConfig);
});
