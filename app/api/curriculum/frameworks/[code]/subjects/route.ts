import { listSubjects } from '@/lib/curriculum/read';
import { codeParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const GET = route({ action: 'get subjects', auth: 'none', params: codeParams }, async (ctx) => reply(await listSubjects(ctx.params.code)));
