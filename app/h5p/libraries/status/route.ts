import { essentialsStatus, essentialsStatusSchema } from '@/lib/h5p/engine/hub';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'get library status', auth: 'user', tags: ['H5P libraries'], summary: 'Essential content types installed', response: essentialsStatusSchema },
  async () => reply(await essentialsStatus()),
);
