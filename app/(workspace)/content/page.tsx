import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { MyContent } from '@/components/content/MyContent';
import { scormPlanFor } from '@/lib/plans/plans';
import { listContents, listContentsQuery, listFacetsOf } from '@/lib/h5p/content-list';
import { workspaceContext } from '@/lib/h5p/workspace';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 20;

export default async function MyContentPage() {
  const { user, brand } = await workspaceContext('/content');
  const [first, facets] = await Promise.all([listContents(user.id, listContentsQuery.parse({ limit: PAGE_SIZE })), listFacetsOf(user.id)]);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <h1>My content</h1>
          <p>
            <Link href="/workspace">Workspace</Link> · <Link href="/content/new" data-testid="new-content">Create content</Link> ·{' '}
            <Link href="/content/import" data-testid="import-link">Import .h5p</Link> · <Link href="/content/types" data-testid="types-link">Content types</Link>
          </p>
          <MyContent initialItems={JSON.parse(JSON.stringify(first.data))} initialTotal={first.total} types={facets.types} initialTags={facets.tags} pageSize={PAGE_SIZE} scormPlan={scormPlanFor(user.plan)} />
        </section>
      </main>
    </>
  );
}
