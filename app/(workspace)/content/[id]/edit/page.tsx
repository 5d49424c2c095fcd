import { ArrowLeft } from 'lucide-react';
import { ButtonLink, Card, PageHeader } from '@/components/ui';
import { getTranslations } from 'next-intl/server';
import { H5pEditor } from '@/components/content/H5pEditor';
import { EditorMissing } from '@/components/content/EditorMissing';
import { contentPageMetadata } from '@/components/content/page-title';
import { editorAvailable } from '@/lib/h5p/engine/paths';
import { workspaceContext } from '@/lib/h5p/content/workspace';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('edit.title');

export default async function EditContentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { principal } = await workspaceContext(`/content/${id}/edit`);
  const [t, tc] = await Promise.all([getTranslations('content.edit'), getTranslations('content')]);
  return (
    <>
      <div className="page">
        <PageHeader
          title={t('title')}
          breadcrumbs={[{ label: tc('myContent'), href: '/content' }, { label: t('title') }]}
          actions={
            <ButtonLink href={`/content/${encodeURIComponent(id)}`} icon={ArrowLeft} variant="ghost">
              {t('back')}
            </ButtonLink>
          }
        />
        <Card>{editorAvailable() ? <H5pEditor contentId={id} /> : <EditorMissing admin={principal.role === 'admin'} />}</Card>
      </div>
    </>
  );
}
