import { reply, route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'check H5P health', auth: 'none' }, async () =>
  reply(undefined, { extra: { service: 'h5p', timestamp: new Date().toISOString() } }),
);
