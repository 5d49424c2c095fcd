import { CollectionsList } from '@/components/collections/CollectionsList';
import { curriculumStatus } from '@/lib/curriculum/read';
import { TopBar } from '@/components/workspace/TopBar';
import { pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export default async function CollectionsPage() {
  const { principal } = await pageUser('/collections');
  const curriculum = { ...(await curriculumStatus()), admin: principal.role === 'admin' };
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <p><a href="/workspace">← Workspace</a></p>
        <h1>Collections</h1>
        <CollectionsList curriculum={curriculum} />
      </main>
    </>
  );
}
