import { route } from '@/lib/http/route';
import { BINDING_COOKIE } from '@/lib/lti/binding';
import { formParams } from '@/lib/lti/http';
import { pickerSubmit } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

// The picker's choice: an auto-submitted deep-linking response to the platform (lib/lti/flows.ts), only from the
// browser the launch is bound to.
export const POST = route({ action: 'add content to the course', auth: 'none', tier: 'LTI', rawBody: true }, async (ctx) => {
  const form = await formParams(ctx.req);
  return pickerSubmit(form.get('lti_launch'), ctx.req.cookies.get(BINDING_COOKIE)?.value ?? null, form.getAll('content').filter((id) => id.length > 0 && id.length <= 100), ctx.tenant?.brandConfig);
});
