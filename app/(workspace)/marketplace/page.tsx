import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MarketplaceBrowser } from '@/components/marketplace/MarketplaceBrowser';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { TopBar } from '@/components/workspace/TopBar';
import { pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('marketplace');
  return { title: t('title') };
}

export default async function MarketplacePage() {
  const { usage, principal } = await pageUser('/marketplace');
  const [{ brand }, t] = await Promise.all([currentBrand(), getTranslations('marketplace')]);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <p>
            <a href="/workspace">{t('backToWorkspace')}</a>
          </p>
          <h1>{t('title')}</h1>
          <MarketplaceBrowser contentsUsed={usage.contentsUsed} contentsLimit={usage.contentsLimit} canClone={isTeacherOrAbove(principal.role)} />
        </section>
      </main>
    </>
  );
}
