import { z } from 'zod';
import { listSubjects, subjectViewSchema } from '@/lib/curriculum/read';
import { codeParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get subjects', auth: 'none', params: codeParams, summary: 'Subjects of a framework', description: 'By sequence.', tags: ['Curriculum'], response: z.array(subjectViewSchema) }, async (ctx) => reply(await listSubjects(ctx.params.code)));
