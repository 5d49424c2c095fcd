import { z } from 'zod';
import { HUB_ERRORS, installFromHub } from '@/lib/h5p/engine/hub';
import { NO_DATA, reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const body = z.object({ machineName: z.string({ error: 'machineName is required' }).min(1, 'machineName is required').max(255) });

export const POST = route(
  {
    action: 'install library',
    auth: 'teacher',
    body,
    tags: ['H5P libraries'],
    summary: 'Install a content type from the H5P Hub',
    response: NO_DATA,
    message: true,
    errors: [HUB_ERRORS.invalidName, HUB_ERRORS.denied, HUB_ERRORS.notOnHub, HUB_ERRORS.unreachable, HUB_ERRORS.busy],
  },
  async (ctx) => {
    const count = await installFromHub(ctx.body.machineName, ctx.caller);
    return reply(undefined, { message: `Library ${ctx.body.machineName} installed successfully (${count} libraries installed or updated)` });
  },
);
