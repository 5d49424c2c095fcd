import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { ImportForm } from '@/components/content/ImportForm';
import { workspaceContext } from '@/lib/h5p/workspace';

export const dynamic = 'force-dynamic';

export default async function ImportPage() {
  const { token, brand } = await workspaceContext('/content/import');
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <section className="card">
          <h1>Import an H5P package</h1>
          <p><Link href="/content">My content</Link></p>
          <p className="muted">A .h5p file of up to 500 MB. Its content types must be installed (administrators also install the ones it carries).</p>
          <ImportForm token={token} />
        </section>
      </main>
    </>
  );
}
