import { MarketplaceBrowser } from '@/components/marketplace/MarketplaceBrowser';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { TopBar } from '@/components/workspace/TopBar';
import { pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export default async function MarketplacePage() {
  const { usage, principal } = await pageUser('/marketplace');
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <p><a href="/workspace">← Workspace</a></p>
          <h1>Marketplace</h1>
          <MarketplaceBrowser contentsUsed={usage.contentsUsed} contentsLimit={usage.contentsLimit} canClone={isTeacherOrAbove(principal.role)} />
        </section>
      </main>
    </>
  );
}
