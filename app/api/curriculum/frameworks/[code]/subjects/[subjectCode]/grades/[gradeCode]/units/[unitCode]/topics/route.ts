import { z } from 'zod';
import { listTopics, topicViewSchema } from '@/lib/curriculum/read';
import { tenantOf } from '@/lib/curriculum/token';
import { topicParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get topics', auth: 'optional', params: topicParams, summary: 'Topics of a unit', description: 'By sequence. A signed-in caller also sees the local frameworks of their tenant.', tags: ['Curriculum'], response: z.array(topicViewSchema) }, async (ctx) =>
  reply(await listTopics(ctx.params.code, ctx.params.subjectCode, ctx.params.gradeCode, ctx.params.unitCode, tenantOf(ctx))),
);
