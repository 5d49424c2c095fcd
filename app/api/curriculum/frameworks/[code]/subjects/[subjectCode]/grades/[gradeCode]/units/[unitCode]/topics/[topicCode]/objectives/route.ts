import { listObjectives } from '@/lib/curriculum/read';
import { objectiveParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get objectives', auth: 'none', params: objectiveParams }, async (ctx) =>
  reply(await listObjectives(ctx.params.code, ctx.params.subjectCode, ctx.params.gradeCode, ctx.params.unitCode, ctx.params.topicCode)),
);
