import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { currentBrand } from '@/lib/tenant/current';

// The branded 404 page, with a way home.
export default async function NotFound() {
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card" data-testid="not-found">
          <h1>Page not found</h1>
          <p>This page does not exist, or it is not shared with you.</p>
          <p>
            <Link href="/workspace">Go to your workspace</Link>
          </p>
        </section>
      </main>
    </>
  );
}
