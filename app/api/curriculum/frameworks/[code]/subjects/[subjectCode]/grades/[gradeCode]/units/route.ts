import { z } from 'zod';
import { listUnits, unitViewSchema } from '@/lib/curriculum/read';
import { unitParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get units', auth: 'none', params: unitParams, summary: 'Units of a subject and grade', description: 'By sequence.', tags: ['Curriculum'], response: z.array(unitViewSchema) }, async (ctx) =>
  reply(await listUnits(ctx.params.code, ctx.params.subjectCode, ctx.params.gradeCode)),
);
