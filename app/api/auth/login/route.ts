import { LOGIN_ERR } from '@/lib/auth/idp';
import { login, loginResultSchema } from '@/lib/auth/login';
import { loginBody } from '@/lib/auth/schemas';
import { reply, route } from '@/lib/http/route';

export const POST = route(
  {
    action: 'login',
    auth: 'none',
    tier: 'AUTH',
    body: loginBody,
    summary: 'Sign in with email and password',
    description: 'Exchanges the credentials with the identity provider (password grant) and returns its tokens.',
    tags: ['Auth'],
    response: loginResultSchema,
    errors: [LOGIN_ERR.invalidCredentials, LOGIN_ERR.disabled],
  },
  async ({ body }) => reply(await login(body.email, body.password)),
);
