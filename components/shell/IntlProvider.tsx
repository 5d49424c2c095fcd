'use client';
// The interface's messages for client components, from the catalogs bundled into the browser's JavaScript (one file
// per build, cached `immutable`) rather than handed down by the server component: next-intl's server provider
// serialises the whole catalog (≈ 80 KB) into every page's RSC payload and HTML, and rendering it was a large part of
// each page's server CPU (docs/performance.md, "The content page").
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { CATALOGS } from '@/lib/i18n/catalogs';
import type { Locale } from '@/lib/i18n/config';

export function IntlProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={CATALOGS[locale]} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}
