import { route } from '@/lib/http/route';
import { BINDING_COOKIE } from '@/lib/lti/binding';
import { pickerPageFor } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

// The instructor's content picker, in the LMS's frame after a deep-linking launch (lib/lti/flows.ts); the browser
// that first opens it gets the launch's binding cookie (lib/lti/binding.ts).
export const GET = route({ action: 'open the content picker', auth: 'none', tier: 'LTI', summary: 'The instructor\'s content picker after a deep-linking launch (?lti_launch=); binds the launch to this browser (cookie lumen_lti_browser)', tags: ['LTI'], response: { kind: 'html', description: 'HTML page' } }, async (ctx) =>
  pickerPageFor(ctx.url.searchParams.get('lti_launch'), ctx.req.cookies.get(BINDING_COOKIE)?.value ?? null, ctx.tenant?.brandConfig),
);
