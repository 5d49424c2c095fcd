import Link from 'next/link';
import { SearchX } from 'lucide-react';
import { buttonClass } from '@/components/ui';
import styles from './not-found.module.css';
import { getTranslations } from 'next-intl/server';
import { AppShell } from '@/components/shell/AppShell';
import { currentSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';

// The branded 404 page, with a way home.
export default async function NotFound() {
  const [{ brand }, t, session] = await Promise.all([currentBrand(), getTranslations('shell.notFound'), currentSession()]);
  return (
    <AppShell brand={brand} session={session}>
      <section className={styles.box} data-testid="not-found">
        <SearchX aria-hidden size={40} className={styles.icon} />
        <h1>{t('title')}</h1>
        <p className="muted">{t('body')}</p>
        <Link href="/workspace" className={buttonClass({ variant: 'primary' })}>
          {t('home')}
        </Link>
      </section>
    </AppShell>
  );
}
