// Messages outside React (HTML written by route handlers, e.g. the embed player's notices): the same catalogs.
import { createTranslator } from 'next-intl';
import { CATALOGS } from './catalogs';
import { DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale } from './config';

export function translatorFor<NS extends keyof (typeof CATALOGS)['en']>(locale: string, namespace: NS) {
  const l: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return createTranslator({ locale: l, messages: CATALOGS[l], namespace });
}

/** a language from a query value or Accept-Language, for pages without a signed-in user */
export function localeOf(query: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  const base = (query ?? '').toLowerCase().split('-')[0];
  return isLocale(base) ? base : negotiateLocale(acceptLanguage);
}
