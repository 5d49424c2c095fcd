import { listUnits } from '@/lib/curriculum/read';
import { unitParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get units', auth: 'none', params: unitParams }, async (ctx) =>
  reply(await listUnits(ctx.params.code, ctx.params.subjectCode, ctx.params.gradeCode)),
);
