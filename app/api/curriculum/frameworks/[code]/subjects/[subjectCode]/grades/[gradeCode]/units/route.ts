import { z } from 'zod';
import { listUnits, unitViewSchema } from '@/lib/curriculum/read';
import { tenantOf } from '@/lib/curriculum/token';
import { unitParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get units', auth: 'optional', params: unitParams, summary: 'Units of a subject and grade', description: 'By sequence. A signed-in caller also sees the local frameworks of their tenant.', tags: ['Curriculum'], response: z.array(unitViewSchema) }, async (ctx) =>
  reply(await listUnits(ctx.params.code, ctx.params.subjectCode, ctx.params.gradeCode, tenantOf(ctx))),
);
