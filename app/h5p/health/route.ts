import { z } from 'zod';
import { NO_DATA, reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route(
  {
    action: 'check H5P health',
    auth: 'none',
    tags: ['Service'],
    summary: 'Health of the H5P service',
    response: NO_DATA,
    extra: { service: z.literal('h5p'), timestamp: z.iso.datetime() },
  },
  async () => reply(undefined, { extra: { service: 'h5p', timestamp: new Date().toISOString() } }),
);
