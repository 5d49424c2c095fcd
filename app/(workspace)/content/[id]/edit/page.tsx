import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { H5pEditor } from '@/components/content/H5pEditor';
import { EditorMissing } from '@/components/content/EditorMissing';
import { editorAvailable } from '@/lib/h5p/paths';
import { workspaceContext } from '@/lib/h5p/workspace';

export const dynamic = 'force-dynamic';

export default async function EditContentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { brand } = await workspaceContext(`/content/${id}/edit`);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <h1>Edit content</h1>
          <p><Link href={`/content/${encodeURIComponent(id)}`}>Back to the content</Link></p>
          {editorAvailable() ? <H5pEditor contentId={id} /> : <EditorMissing />}
        </section>
      </main>
    </>
  );
}
