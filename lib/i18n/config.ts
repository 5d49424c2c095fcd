// The languages of the interface. A user's choice is kept on their account (users.locale) and set on the
// settings page; before sign-in the `locale` cookie or the browser's Accept-Language decides. The same
// language goes to the H5P player and editor (their ?language=), so the content's frame speaks it too.
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** each language named in itself, as a language menu shows it */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };
export const LOCALE_COOKIE = 'locale';

export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

/** The best supported language of an Accept-Language header (quality values honoured), else the default. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: (tag ?? '').trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, i };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.i - b.i);
  return ranked.map((r) => r.base).find(isLocale) ?? DEFAULT_LOCALE;
}

/** The value of the `locale` cookie in a Cookie header (undefined when it is not set). */
function localeCookieOf(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === LOCALE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The interface language of a request, in the order every page decides it (lib/i18n/locale.ts): the signed-in
 * user's choice (users.locale), else the `locale` cookie (the language menu before sign-in), else the best of
 * Accept-Language, else English. Route handlers use it where an answer holds texts in the reader's language.
 */
export function callerLocale(headers: { get(name: string): string | null }, user?: { locale?: string | null } | null): Locale {
  if (user && isLocale(user.locale)) return user.locale;
  const fromCookie = localeCookieOf(headers.get('cookie'));
  if (isLocale(fromCookie)) return fromCookie;
  return negotiateLocale(headers.get('accept-language'));
}
