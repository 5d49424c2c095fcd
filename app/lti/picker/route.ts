import { route } from '@/lib/http/route';
import { pickerPageFor } from '@/lib/lti/flows';

export const dynamic = 'force-dynamic';

// The instructor's content picker, in the LMS's frame after a deep-linking launch (lib/lti/flows.ts).
export const GET = route({ action: 'open the content picker', auth: 'none', tier: 'LTI' }, async (ctx) =>
  pickerPageFor(ctx.url.searchParams.get('lti_launch'), ctx.tenant?.brandConfig),
);
