// The language of this request: the signed-in user's choice, else the `locale` cookie (set by the language
// menu before sign-in), else the browser's Accept-Language, else English (callerLocale). Resolved once per render.
import { cache } from 'react';
import { headers } from 'next/headers';
import { currentSession } from '@/lib/auth/session';
import { callerLocale, type Locale } from './config';

export const requestLocale = cache(async (): Promise<Locale> => {
  const session = await currentSession().catch(() => null);
  return callerLocale(await headers(), session?.user);
});
