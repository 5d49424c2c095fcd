import { z } from 'zod';
import { listSubjects, subjectViewSchema } from '@/lib/curriculum/read';
import { tenantOf } from '@/lib/curriculum/token';
import { codeParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get subjects', auth: 'optional', params: codeParams, summary: 'Subjects of a framework', description: 'By sequence. A signed-in caller also sees the local frameworks of their tenant.', tags: ['Curriculum'], response: z.array(subjectViewSchema) }, async (ctx) => reply(await listSubjects(ctx.params.code, tenantOf(ctx))));
