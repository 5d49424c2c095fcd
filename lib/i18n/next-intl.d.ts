// Typed messages: t('key') of a key that English does not have fails the typecheck.
import type { Messages } from './catalogs';
import type { Locale } from './config';

declare module 'next-intl' {
  interface AppConfig {
    Messages: Messages;
    Locale: Locale;
  }
}
