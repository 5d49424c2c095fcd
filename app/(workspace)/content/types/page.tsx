import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ContentTypes } from '@/components/content/ContentTypes';
import { LibraryTable } from '@/components/content/LibraryTable';
import { contentPageMetadata } from '@/components/content/page-title';
import { Card, PageHeader, Stack } from '@/components/ui';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { ESSENTIAL_CONTENT_TYPES } from '@/lib/content/types';
import { hubReachable, installedLibraries, typeTitle } from '@/lib/h5p';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import styles from './page.module.css';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('types.title');

export default async function ContentTypesPage() {
  const { principal } = await workspaceContext('/content/types');
  const canInstall = isTeacherOrAbove(principal.role);
  const [reachable, libraries, t, locale] = await Promise.all([canInstall ? hubReachable() : Promise.resolve(true), installedLibraries(), getTranslations('content'), getLocale()]);
  // the essential types' titles in the reader's language (the installed library's title, else H5P's translation)
  const installedTitle = new Map(libraries.map((l) => [l.machineName, l.title]));
  const titles = Object.fromEntries(ESSENTIAL_CONTENT_TYPES.map((m) => [m, typeTitle(m, locale, installedTitle.get(m))]));
  return (
    <Stack className="page" gap={4}>
      <PageHeader title={t('types.title')} breadcrumbs={[{ label: t('myContent'), href: '/content' }, { label: t('types.title') }]} breadcrumbLabel={t('create.breadcrumb')} />
      {canInstall && !reachable ? (
        <p className={styles.notice} role="status" data-testid="hub-unreachable">
          {t.rich('types.hubUnreachable', { link: (chunks) => <Link href="/content/import">{chunks}</Link> })}
        </p>
      ) : null}
      <Card aria-labelledby="essentials-title">
        <h2 id="essentials-title">{t('types.essentials')}</h2>
        <ContentTypes canInstall={canInstall && reachable} titles={titles} />
      </Card>
      <Card aria-labelledby="libraries-title">
        <h2 id="libraries-title">{t('types.libraries')}</h2>
        <LibraryTable libraries={libraries} />
      </Card>
    </Stack>
  );
}
