import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AppShell } from '@/components/shell/AppShell';
import { currentSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';

// The branded 404 page, with a way home.
export default async function NotFound() {
  const [{ brand }, t, session] = await Promise.all([currentBrand(), getTranslations('shell.notFound'), currentSession()]);
  return (
    <AppShell brand={brand} session={session}>
        <section className="card" data-testid="not-found">
          <h1>{t('title')}</h1>
          <p>{t('body')}</p>
          <p>
            <Link href="/workspace">{t('home')}</Link>
          </p>
        </section>
    </AppShell>
  );
}
