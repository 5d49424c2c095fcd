import { getTranslations } from 'next-intl/server';
import { ImportForm } from '@/components/content/ImportForm';
import { CreateGateNotice } from '@/components/content/CreateGateNotice';
import { ImportWorkspace } from '@/components/content/library/ImportWorkspace';
import { contentPageMetadata } from '@/components/content/page-title';
import { Card, PageHeader, Stack } from '@/components/ui';
import { listFolders } from '@/lib/h5p/content/folders';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { createGate } from '@/lib/plans/create-gate';
import styles from './import.module.css';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('import.title');

/** /content/import[?folder=<id>]: several .h5p files by drag and drop into the folder chosen in the tree (the caller's folder named by ?folder=, else the top level), or one file that opens when imported. */
export default async function ImportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user, principal } = await workspaceContext('/content/import');
  const gate = createGate(principal.role, user);
  const [t, shell] = await Promise.all([getTranslations('content'), getTranslations('shell')]);
  const { folder: folderParam } = await searchParams;
  const { folders, rootItemCount } = gate.allowed ? await listFolders(user) : { folders: [], rootItemCount: 0 };
  const folder = folders.find((f) => f.id === folderParam) ?? null;
  return (
    <div className="page">
      <PageHeader
        title={t('import.title')}
        description={t('import.hint')}
        breadcrumbs={[{ label: t('myContent'), href: '/content' }, { label: t('import.title') }]}
        breadcrumbLabel={shell('breadcrumb')}
      />
      {gate.allowed ? (
        <Stack gap={5}>
          <Card aria-labelledby="import-many-heading">
            <h2 id="import-many-heading" className={styles.heading}>
              {t('importMany.heading')}
            </h2>
            <ImportWorkspace initialFolders={folders} initialRootCount={rootItemCount} initialFolderId={folder?.id ?? null} />
          </Card>
          <Card aria-labelledby="import-one-heading">
            <h2 id="import-one-heading" className={styles.heading}>
              {t('importMany.oneHeading')}
            </h2>
            <p className={styles.muted}>{t('importMany.oneHint')}</p>
            <ImportForm />
          </Card>
        </Stack>
      ) : (
        <Card>
          <CreateGateNotice gate={gate} />
        </Card>
      )}
    </div>
  );
}
