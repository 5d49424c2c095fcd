import { z } from 'zod';
import { contentTypeSchema, listContentTypes } from '@/lib/h5p/engine/hub';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get content types', auth: 'user', tags: ['H5P libraries'], summary: 'Content types', response: z.object({ contentTypes: z.array(contentTypeSchema) }) },
  async () => reply({ contentTypes: await listContentTypes() }),
);
