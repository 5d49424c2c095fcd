import { createPortal } from '@/lib/billing/checkout';
import { reply, requireUser, route } from '@/lib/http/route';

export const POST = route({ action: 'create billing portal session' }, async (ctx) => reply(await createPortal(requireUser(ctx))));
