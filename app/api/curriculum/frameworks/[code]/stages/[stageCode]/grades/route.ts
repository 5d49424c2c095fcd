import { z } from 'zod';
import { gradeViewSchema, listGrades } from '@/lib/curriculum/read';
import { stageParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get grades', auth: 'none', params: stageParams, summary: 'Grades of a stage', description: 'By sequence.', tags: ['Curriculum'], response: z.array(gradeViewSchema) },
  async (ctx) => reply(await listGrades(ctx.params.code, ctx.params.stageCode)),
);
