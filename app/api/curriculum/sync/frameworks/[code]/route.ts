import { codeParams } from '@/lib/curriculum/schemas';
import { SYNC_ERR, syncFramework, syncFrameworkResultSchema } from '@/lib/curriculum/sync';
import { callerToken } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const POST = route(
  {
    action: 'sync framework',
    auth: 'admin',
    params: codeParams,
    summary: 'Sync one framework and its hierarchy',
    tags: ['Curriculum'],
    response: syncFrameworkResultSchema,
    message: true,
    errors: [SYNC_ERR.notFound, SYNC_ERR.frameworkBusy],
  },
  async (ctx) => {
    const result = await syncFramework(ctx.params.code, callerToken(ctx));
    const message = result.errors.length
      ? `Framework ${ctx.params.code} synced with ${result.errors.length} errors`
      : `Framework ${ctx.params.code} synced`;
    return reply(result, { message });
  },
);
