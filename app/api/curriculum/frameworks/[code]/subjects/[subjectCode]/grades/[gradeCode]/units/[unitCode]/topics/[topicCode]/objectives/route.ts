import { z } from 'zod';
import { listObjectives, objectiveViewSchema } from '@/lib/curriculum/read';
import { tenantOf } from '@/lib/curriculum/token';
import { objectiveParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get objectives', auth: 'optional', params: objectiveParams, summary: 'Learning objectives of a topic', description: 'By sequence. A signed-in caller also sees the local frameworks of their tenant.', tags: ['Curriculum'], response: z.array(objectiveViewSchema) }, async (ctx) =>
  reply(await listObjectives(ctx.params.code, ctx.params.subjectCode, ctx.params.gradeCode, ctx.params.unitCode, ctx.params.topicCode, tenantOf(ctx))),
);
