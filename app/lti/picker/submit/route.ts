import { route } from '@/lib/http/route';
import { formParams } from '@/lib/lti/http';
import { pickerSubmit } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

// The picker's choice: an auto-submitted deep-linking response to the platform (lib/lti/flows.ts).
export const POST = route({ action: 'add content to the course', auth: 'none', tier: 'LTI', rawBody: true }, async (ctx) => {
  const form = await formParams(ctx.req);
  return pickerSubmit(form.get('lti_launch'), form.getAll('content').filter((id) => id.length > 0 && id.length <= 100), ctx.tenant?.brandConfig);
});
