import Link from 'next/link';
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
  const t = await getTranslations('content.edit');
  return (
    <>
      <div className="page">
        <section className="card">
          <h1>{t('title')}</h1>
          <p><Link href={`/content/${encodeURIComponent(id)}`}>{t('back')}</Link></p>
          {editorAvailable() ? <H5pEditor contentId={id} /> : <EditorMissing admin={principal.role === 'admin'} />}
        </section>
      </div>
    </>
  );
}
