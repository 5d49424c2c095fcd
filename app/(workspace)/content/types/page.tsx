import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { ContentTypes } from '@/components/content/ContentTypes';
import { workspaceContext } from '@/lib/h5p/workspace';

export const dynamic = 'force-dynamic';

export default async function ContentTypesPage() {
  const { token, brand } = await workspaceContext('/content/types');
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <section className="card">
          <h1>Content types</h1>
          <p><Link href="/content">My content</Link></p>
          <ContentTypes token={token} />
        </section>
      </main>
    </>
  );
}
