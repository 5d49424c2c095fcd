import { CollectionEditor } from '@/components/collections/CollectionEditor';
import { TopBar } from '@/components/workspace/TopBar';
import { myContents, pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export default async function CollectionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { token, user } = await pageUser(`/collections/${id}`);
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <p><a href="/collections">← Collections</a></p>
        <CollectionEditor token={token} id={id} userId={user.id} myContents={await myContents(user.id)} />
      </main>
    </>
  );
}
