// What a results detail page shows a user whose plan lacks the analytics-dashboard feature: which plan has it.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { TopBar } from '@/components/workspace/TopBar';
import type { BrandConfig } from '@/lib/tenant/brand';

export async function UpgradeNotice({ brand, plan }: { brand: BrandConfig; plan: string }) {
  const t = await getTranslations('results');
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <p data-testid="results-upgrade">
          {t('authored.upgrade', { plan })} <Link href="/plans">{t('authored.plans')}</Link>
        </p>
      </main>
    </>
  );
}
