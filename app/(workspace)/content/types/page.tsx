import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ContentTypes } from '@/components/content/ContentTypes';
import { LibraryTable } from '@/components/content/LibraryTable';
import { contentPageMetadata } from '@/components/content/page-title';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { hubReachable, installedLibraries } from '@/lib/h5p/engine/hub';
import { workspaceContext } from '@/lib/h5p/content/workspace';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('types.title');

export default async function ContentTypesPage() {
  const { principal } = await workspaceContext('/content/types');
  const canInstall = isTeacherOrAbove(principal.role);
  const [reachable, libraries, t] = await Promise.all([canInstall ? hubReachable() : Promise.resolve(true), installedLibraries(), getTranslations('content')]);
  return (
    <>
      <div className="page">
        <section className="card">
          <h1>{t('types.title')}</h1>
          <p>
            <Link href="/content">{t('myContent')}</Link>
          </p>
          {canInstall && !reachable ? (
            <p className="notice" role="status" data-testid="hub-unreachable">
              {t.rich('types.hubUnreachable', { link: (chunks) => <Link href="/content/import">{chunks}</Link> })}
            </p>
          ) : null}
          <ContentTypes canInstall={canInstall && reachable} />
        </section>
        <section className="card">
          <h2>{t('types.libraries')}</h2>
          <LibraryTable libraries={libraries} />
        </section>
      </div>
    </>
  );
}
