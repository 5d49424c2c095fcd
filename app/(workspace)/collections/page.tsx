import { CollectionsList } from '@/components/collections/CollectionsList';
import { TopBar } from '@/components/workspace/TopBar';
import { pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export default async function CollectionsPage() {
  const { token } = await pageUser('/collections');
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <p><a href="/workspace">← Workspace</a></p>
        <h1>Collections</h1>
        <CollectionsList token={token} />
      </main>
    </>
  );
}
