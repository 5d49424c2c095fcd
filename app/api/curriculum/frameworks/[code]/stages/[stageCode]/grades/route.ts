import { listGrades } from '@/lib/curriculum/read';
import { stageParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get grades', auth: 'none', params: stageParams }, async (ctx) =>
  reply(await listGrades(ctx.params.code, ctx.params.stageCode)),
);
