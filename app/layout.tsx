import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { config } from '@/lib/config';
import { accessibleBrand } from '@/lib/tenant/contrast';
import { currentBrand } from '@/lib/tenant/current';
import { cssForStyle } from '@/lib/shared/escape';
import { getLocale, getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import { THEME_COOKIE, themeOf } from '@/components/shell/theme';
import { Hydrated } from '@/components/shell/Hydrated';
import { IntlProvider } from '@/components/shell/IntlProvider';
import { isLocale, DEFAULT_LOCALE } from '@/lib/i18n/config';
import { Toaster } from '@/components/ui/Toaster';
import './globals.css';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const [{ brand }, t] = await Promise.all([currentBrand(), getTranslations('shell')]);
  // the service's own icons and social image (public/), replaced by the tenant's favicon where it has one
  return {
    metadataBase: new URL(config().appUrl),
    title: brand.appName,
    description: t('description'),
    icons: brand.faviconUrl
      ? [{ url: brand.faviconUrl }]
      : { icon: [{ url: '/favicon.svg', type: 'image/svg+xml' }, { url: '/icon-192.png', sizes: '192x192', type: 'image/png' }], apple: '/apple-touch-icon.png' },
    manifest: '/site.webmanifest',
    openGraph: { title: brand.appName, type: 'website', images: [{ url: '/og-image.png', width: 1200, height: 630, alt: brand.appName }] },
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [{ brand, tenant }, locale, jar] = await Promise.all([currentBrand(), getLocale(), cookies()]);
  const theme = themeOf(jar.get(THEME_COOKIE)?.value);
  return (
    <html lang={locale} data-theme={theme === 'system' ? undefined : theme}>
      <body data-tenant={tenant?.slug ?? ''} style={{ ['--brand' as string]: accessibleBrand(brand.primaryColor) }}>
        {brand.customCss ? <style data-custom-css>{cssForStyle(brand.customCss)}</style> : null}
        <IntlProvider locale={isLocale(locale) ? locale : DEFAULT_LOCALE}>
          <Toaster>{children}</Toaster>
        </IntlProvider>
        <Hydrated />
      </body>
    </html>
  );
}
