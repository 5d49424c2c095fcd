import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MarketplaceBrowser } from '@/components/marketplace/MarketplaceBrowser';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { pageUser } from '@/lib/marketplace/page-user';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('marketplace');
  return { title: t('title') };
}

export default async function MarketplacePage() {
  const { usage, principal } = await pageUser('/marketplace');
  const [t] = await Promise.all([getTranslations('marketplace')]);
  return (
    <>
      <div className="page">
        <section className="card">
          <p>
            <a href="/workspace">{t('backToWorkspace')}</a>
          </p>
          <h1>{t('title')}</h1>
          <MarketplaceBrowser contentsUsed={usage.contentsUsed} contentsLimit={usage.contentsLimit} canClone={isTeacherOrAbove(principal.role)} />
        </section>
      </div>
    </>
  );
}
