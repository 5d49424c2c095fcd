import { z } from 'zod';
import { frameworkViewSchema, listFrameworks } from '@/lib/curriculum/read';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get frameworks', auth: 'none', summary: 'Active frameworks, by name', tags: ['Curriculum'], response: z.array(frameworkViewSchema) },
  async () => reply(await listFrameworks()),
);
