import { login } from '@/lib/auth/login';
import { loginBody } from '@/lib/auth/schemas';
import { reply, route } from '@/lib/http/route';

export const POST = route({ action: 'login', auth: 'none', tier: 'AUTH', body: loginBody }, async ({ body }) =>
  reply(await login(body.email, body.password)),
);
