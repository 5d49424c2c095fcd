import { MarketplaceBrowser } from '@/components/marketplace/MarketplaceBrowser';
import { TopBar } from '@/components/workspace/TopBar';
import { pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export default async function MarketplacePage() {
  const { token, usage } = await pageUser('/marketplace');
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <section className="card">
          <p><a href="/workspace">← Workspace</a></p>
          <h1>Marketplace</h1>
          <MarketplaceBrowser token={token} contentsUsed={usage.contentsUsed} contentsLimit={usage.contentsLimit} />
        </section>
      </main>
    </>
  );
}
