import { reply, requireUser, route } from '@/lib/http/route';
import { preferencesBody, preferencesOf, setLanguage } from '@/lib/settings/preferences';

export const dynamic = 'force-dynamic';

export const GET = route({ action: 'get preferences' }, async (ctx) => reply(preferencesOf(requireUser(ctx))));

export const PUT = route({ action: 'update preferences', body: preferencesBody }, async (ctx) => {
  const user = requireUser(ctx);
  return reply(await setLanguage(user.id, ctx.body.language), { message: 'Preferences saved' });
});
