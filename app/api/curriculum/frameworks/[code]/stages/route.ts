import { z } from 'zod';
import { listStages, stageViewSchema } from '@/lib/curriculum/read';
import { tenantOf } from '@/lib/curriculum/token';
import { codeParams } from '@/lib/curriculum/schemas';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get stages', auth: 'optional', params: codeParams, summary: 'Stages of a framework', description: 'By sequence. A signed-in caller also sees the local frameworks of their tenant.', tags: ['Curriculum'], response: z.array(stageViewSchema) },
  async (ctx) => reply(await listStages(ctx.params.code, tenantOf(ctx))),
);
