import { route } from '@/lib/http/route';
import { BINDING_COOKIE } from '@/lib/lti/binding';
import { formParams } from '@/lib/lti/http';
import { pickerSubmit } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

// The picker's choice: an auto-submitted deep-linking response to the platform (lib/lti/flows.ts), only from the
// browser the launch is bound to.
export const POST = route({
  action: 'add content to the course',
  auth: 'none',
  tier: 'LTI',
  rawBody: true,
  summary: 'The chosen items back to the platform (an auto-submitted deep-linking response), only from the browser the launch is bound to (else a 403 page)',
  tags: ['LTI'],
  requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['lti_launch', 'content'], properties: { lti_launch: { type: 'string' }, content: { type: 'array', items: { type: 'string' } } } } } } },
  response: { kind: 'html', description: 'HTML page that form-posts the JWT to the platform' },
}, async (ctx) => {
  const form = await formParams(ctx.req);
  return pickerSubmit(form.get('lti_launch'), ctx.req.cookies.get(BINDING_COOKIE)?.value ?? null, form.getAll('content').filter((id) => id.length > 0 && id.length <= 100), ctx.tenant?.brandConfig);
});
