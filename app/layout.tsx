import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { currentBrand } from '@/lib/tenant/current';
import './globals.css';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { brand } = await currentBrand();
  return { title: brand.appName, icons: brand.faviconUrl ? [{ url: brand.faviconUrl }] : undefined };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { brand, tenant } = await currentBrand();
  return (
    <html lang="en">
      <body data-tenant={tenant?.slug ?? ''} style={{ ['--brand' as string]: brand.primaryColor }}>
        {brand.customCss ? <style data-custom-css>{brand.customCss.replace(/<\/style/gi, '')}</style> : null}
        {children}
      </body>
    </html>
  );
}
