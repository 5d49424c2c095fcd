import { z } from 'zod';
import { libraryVersionsSchema, listLibraries } from '@/lib/h5p/engine/hub';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'list libraries', auth: 'user', tags: ['H5P libraries'], summary: 'Installed libraries', response: z.array(libraryVersionsSchema) },
  async () => reply(await listLibraries()),
);
