import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { MarketplaceBrowser } from '@/components/marketplace/MarketplaceBrowser';
import { PageHeader } from '@/components/ui';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { pageUser } from '@/lib/marketplace/page-user';
import { publicTypes } from '@/lib/marketplace/service';
import { createAllowance } from '@/lib/plans/allowance';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('marketplace');
  return { title: t('title') };
}

// Public content of other teachers as cards; teachers clone into their own content. What a clone says once the
// month's quota is used up is decided here (the browser counts the clones it makes and disables Clone at the limit).
export default async function MarketplacePage() {
  const { user, usage, principal } = await pageUser('/marketplace');
  const [t, types] = await Promise.all([getTranslations('marketplace'), getLocale().then((locale) => publicTypes(locale))]);
  const canClone = isTeacherOrAbove(principal.role);
  const limit = usage.contentsLimit;
  const atLimit = limit === -1 ? null : createAllowance({ plan: user.plan, contentsCreatedThisMonth: Math.max(usage.contentsUsed, limit) }, 'clone');
  return (
    <div className="page">
      <PageHeader title={t('title')} description={t('description')} />
      <MarketplaceBrowser contentsUsed={usage.contentsUsed} contentsLimit={limit} canClone={canClone} types={types} atLimit={atLimit} />
    </div>
  );
}
