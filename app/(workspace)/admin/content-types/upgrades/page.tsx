import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/AdminNav';
import { ContentUpgrades } from '@/components/admin/ContentUpgrades';
import { PageHeader, Stack } from '@/components/ui';
import { isSuperAdmin } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { listUpgradeJobs, upgradableTypes, upgradeScopeOf } from '@/lib/h5p/upgrade';
import { currentBrand } from '@/lib/tenant/current';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('admin.upgrades'), currentBrand()]);
  return { title: `${t('title')} · ${brand.appName}` };
}

// Mass content upgrade (issue 28 item 1): the content types the admin's content uses, per version, with a dry run
// and the upgrade itself as a job followed live. A tenant admin's reach is their school's content; a super admin's
// is all content.
export default async function ContentUpgradesPage() {
  const session = await requirePageSession('/admin/content-types/upgrades');
  if (session.principal.role !== 'admin') notFound();
  const user = session.user;
  const superAdmin = isSuperAdmin(session.principal);
  if (!superAdmin && !user.tenantId) notFound();
  const [t, types, overview, jobs] = await Promise.all([
    getTranslations('admin.upgrades'),
    getTranslations('admin.contentTypes'),
    upgradableTypes(upgradeScopeOf(user, superAdmin)),
    listUpgradeJobs(user, superAdmin),
  ]);
  return (
    <Stack className="page" gap={4}>
      <PageHeader title={t('title')} breadcrumbs={[{ label: types('title'), href: '/admin/content-types' }, { label: t('title') }]} />
      <AdminNav current="/admin/content-types" />
      <ContentUpgrades types={overview.types} jobs={jobs} />
    </Stack>
  );
}
