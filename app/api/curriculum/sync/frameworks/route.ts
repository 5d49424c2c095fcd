import { SYNC_ERR, syncFrameworks, syncFrameworksResultSchema } from '@/lib/curriculum/sync';
import { callerToken } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = route(
  {
    action: 'sync frameworks',
    auth: 'admin',
    summary: 'Sync all frameworks from the central service',
    tags: ['Curriculum'],
    response: syncFrameworksResultSchema,
    message: true,
    errors: [SYNC_ERR.allBusy],
  },
  async (ctx) => {
    const result = await syncFrameworks(callerToken(ctx));
    const message = result.errors.length
      ? `Synced ${result.synced} frameworks with ${result.errors.length} errors`
      : `Synced ${result.synced} frameworks`;
    return reply(result, { message });
  },
);
