import { checkHealth, healthSchema } from '@/lib/curriculum/client';
import { callerToken } from '@/lib/curriculum/token';
import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  { action: 'check connection status', auth: 'user', summary: 'Connection to the central curriculum service', tags: ['Curriculum'], response: healthSchema },
  async (ctx) => {
    return reply(await checkHealth(callerToken(ctx)));
  },
);
