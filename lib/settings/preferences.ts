// A user's own preferences: today the interface language (users.locale). NULL means "follow the browser".
import { forgetUser } from '@/lib/auth/users';
import { z } from 'zod';
import { db } from '@/lib/db/client';
import { LOCALES, type Locale } from '@/lib/i18n/config';

export const preferencesBody = z.object({ language: z.enum(LOCALES).nullable() }).strict();

export const preferencesSchema = z.object({ language: z.enum(LOCALES).nullable(), languages: z.array(z.enum(LOCALES)) });
export type Preferences = z.infer<typeof preferencesSchema>;

export function preferencesOf(user: { locale: string | null }): Preferences {
  const language = (LOCALES as readonly string[]).includes(user.locale ?? '') ? (user.locale as Locale) : null;
  return { language, languages: [...LOCALES] };
}

export async function setLanguage(userId: string, language: Locale | null) {
  const user = await db().user.update({ where: { id: userId }, data: { locale: language }, select: { locale: true } });
  await forgetUser(userId);
  return preferencesOf(user);
}
