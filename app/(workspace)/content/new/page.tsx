import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { H5pEditor } from '@/components/content/H5pEditor';
import { EditorMissing } from '@/components/content/EditorMissing';
import { editorAvailable } from '@/lib/h5p/paths';
import { workspaceContext } from '@/lib/h5p/workspace';

export const dynamic = 'force-dynamic';

export default async function NewContentPage() {
  const { token, brand } = await workspaceContext('/content/new');
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <section className="card">
          <h1>Create content</h1>
          <p><Link href="/content">My content</Link></p>
          {editorAvailable() ? <H5pEditor token={token} /> : <EditorMissing />}
        </section>
      </main>
    </>
  );
}
