import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CollectionsList } from '@/components/collections/CollectionsList';
import { PageHeader } from '@/components/ui';
import { curriculumStatus } from '@/lib/curriculum/read';
import { pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('collections'), currentBrand()]);
  return { title: `${t('meta.list')} · ${brand.appName}` };
}

export default async function CollectionsPage() {
  const { user, principal } = await pageUser('/collections');
  const curriculum = { ...(await curriculumStatus(user.tenantId)), admin: principal.role === 'admin' };
  const t = await getTranslations('collections');
  return (
    <div className="page">
      <PageHeader title={t('heading')} description={t('description')} />
      <CollectionsList curriculum={curriculum} />
    </div>
  );
}
