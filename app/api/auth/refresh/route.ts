import { refresh } from '@/lib/auth/login';
import { refreshBody } from '@/lib/auth/schemas';
import { reply, route } from '@/lib/http/route';

export const POST = route({ action: 'refresh token', auth: 'none', tier: 'AUTH', body: refreshBody }, async ({ body }) =>
  reply(await refresh(body.refreshToken)),
);
