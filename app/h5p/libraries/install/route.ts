import { z } from 'zod';
import { installFromHub } from '@/lib/h5p/engine/hub';
import { actorOf } from '@/lib/h5p/engine/permissions';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const body = z.object({ machineName: z.string({ error: 'machineName is required' }).min(1, 'machineName is required').max(255) });

export const POST = route({ action: 'install library', auth: 'teacher', body }, async (ctx) => {
  const count = await installFromHub(ctx.body.machineName, actorOf(ctx.principal!));
  return reply(undefined, { message: `Library ${ctx.body.machineName} installed successfully (${count} libraries installed or updated)` });
});
