// The language of this request: the signed-in user's choice, else the `locale` cookie (set by the language
// menu before sign-in), else the browser's Accept-Language, else English. Resolved once per render.
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { currentSession } from '@/lib/auth/session';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from './config';

export const requestLocale = cache(async (): Promise<Locale> => {
  const session = await currentSession().catch(() => null);
  if (session && isLocale(session.user.locale)) return session.user.locale;
  const jar = await cookies();
  const fromCookie = jar.get(LOCALE_COOKIE)?.value;
  if (isLocale(fromCookie)) return fromCookie;
  const h = await headers();
  return negotiateLocale(h.get('accept-language')) ?? DEFAULT_LOCALE;
});
