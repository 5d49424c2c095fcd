import { USER_ERR } from '@/lib/auth/users';
import { reply, requireUser, route } from '@/lib/http/route';
import { preferencesBody, preferencesOf, preferencesSchema, setLanguage } from '@/lib/settings/preferences';

export const dynamic = 'force-dynamic';

const contract = { tags: ['Auth'], response: preferencesSchema, errors: [USER_ERR.notFound] };

export const GET = route(
  { ...contract, action: 'get preferences', summary: "The caller's preferences: interface language (null follows the browser) and the languages offered" },
  async (ctx) => reply(preferencesOf(requireUser(ctx))),
);

export const PUT = route(
  {
    ...contract,
    action: 'update preferences',
    body: preferencesBody,
    summary: 'Set the interface language (en, de, or null to follow the browser); the workspace and the H5P player and editor use it',
    message: true,
  },
  async (ctx) => {
    const user = requireUser(ctx);
    return reply(await setLanguage(user.id, ctx.body.language), { message: 'Preferences saved' });
  },
);
