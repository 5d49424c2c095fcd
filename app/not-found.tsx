import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { TopBar } from '@/components/workspace/TopBar';
import { currentBrand } from '@/lib/tenant/current';

// The branded 404 page, with a way home.
export default async function NotFound() {
  const [{ brand }, t] = await Promise.all([currentBrand(), getTranslations('shell.notFound')]);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card" data-testid="not-found">
          <h1>{t('title')}</h1>
          <p>{t('body')}</p>
          <p>
            <Link href="/workspace">{t('home')}</Link>
          </p>
        </section>
      </main>
    </>
  );
}
