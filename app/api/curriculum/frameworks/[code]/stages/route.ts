import { listStages } from '@/lib/curriculum/read';
import { codeParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get stages', auth: 'none', params: codeParams }, async (ctx) => reply(await listStages(ctx.params.code)));
