import { z } from 'zod';
import { frameworkViewSchema, listFrameworks } from '@/lib/curriculum/read';
import { tenantOf } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get frameworks', auth: 'optional', summary: 'Active frameworks, by name', description: 'The synced frameworks and, for a signed-in caller, the local frameworks of their tenant.', tags: ['Curriculum'], response: z.array(frameworkViewSchema) },
  async (ctx) => reply(await listFrameworks(tenantOf(ctx))),
);
