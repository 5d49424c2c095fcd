// The create page when no content type is installed: instead of H5P's red "No content types are available", who
// can act is told so. Teachers ask their administrator; admins install from the hub or, when it cannot be
// reached, import packages that bring their types.
import { useTranslations } from 'next-intl';
import { Download, PackageOpen, Upload } from 'lucide-react';
import { ButtonLink, EmptyState } from '@/components/ui';

export function NoTypes({ isAdmin, hubReachable }: { isAdmin: boolean; hubReachable: boolean }) {
  const t = useTranslations('content.create');
  if (!isAdmin) return <EmptyState icon={PackageOpen} title={t('emptyTitle')} body={<p>{t('emptyTeacher')}</p>} testId="create-no-types" />;
  return (
    <EmptyState
      icon={PackageOpen}
      title={t('emptyTitle')}
      body={<p>{hubReachable ? t('emptyAdmin') : t('emptyAdminNoHub')}</p>}
      testId="create-no-types"
      action={
        <>
          <ButtonLink href="/admin/content-types" variant={hubReachable ? 'primary' : 'secondary'} icon={Download} data-testid="create-install-types">
            {t('installTypes')}
          </ButtonLink>
          <ButtonLink href="/content/import" variant={hubReachable ? 'secondary' : 'primary'} icon={Upload} data-testid="create-import-packages">
            {t('importPackages')}
          </ButtonLink>
        </>
      }
    />
  );
}
