import { LOGIN_ERR } from '@/lib/auth/idp';
import { refresh, tokensSchema } from '@/lib/auth/login';
import { refreshBody } from '@/lib/auth/schemas';
import { reply, route } from '@/lib/http/route';

export const POST = route(
  {
    action: 'refresh token',
    auth: 'none',
    tier: 'AUTH',
    body: refreshBody,
    summary: 'Refresh an access token',
    tags: ['Auth'],
    response: tokensSchema,
    errors: [LOGIN_ERR.refreshFailed],
  },
  async ({ body }) => reply(await refresh(body.refreshToken)),
);
