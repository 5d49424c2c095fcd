import { z } from 'zod';
import { listObjectives, objectiveViewSchema } from '@/lib/curriculum/read';
import { objectiveParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get objectives', auth: 'none', params: objectiveParams, summary: 'Learning objectives of a topic', description: 'By sequence.', tags: ['Curriculum'], response: z.array(objectiveViewSchema) }, async (ctx) =>
  reply(await listObjectives(ctx.params.code, ctx.params.subjectCode, ctx.params.gradeCode, ctx.params.unitCode, ctx.params.topicCode)),
);
