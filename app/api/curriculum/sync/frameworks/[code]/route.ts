import { codeParams } from '@/lib/curriculum/schemas';
import { syncFramework } from '@/lib/curriculum/sync';
import { callerToken } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const POST = route({ action: 'sync framework', auth: 'admin', params: codeParams }, async (ctx) => {
  const result = await syncFramework(ctx.params.code, callerToken(ctx));
  const message = result.errors.length
    ? `Framework ${ctx.params.code} synced with ${result.errors.length} errors`
    : `Framework ${ctx.params.code} synced`;
  return reply(result, { message });
});
