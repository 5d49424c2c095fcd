import { z } from 'zod';
import { gradeViewSchema, listGrades } from '@/lib/curriculum/read';
import { tenantOf } from '@/lib/curriculum/token';
import { stageParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get grades', auth: 'optional', params: stageParams, summary: 'Grades of a stage', description: 'By sequence. A signed-in caller also sees the local frameworks of their tenant.', tags: ['Curriculum'], response: z.array(gradeViewSchema) },
  async (ctx) => reply(await listGrades(ctx.params.code, ctx.params.stageCode, tenantOf(ctx))),
);
