// next-intl's request configuration (named in next.config.mjs): the language of this request and its messages.
import { getRequestConfig } from 'next-intl/server';
import { CATALOGS } from './catalogs';
import { requestLocale } from './locale';

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: CATALOGS[locale], timeZone: 'UTC' };
});
