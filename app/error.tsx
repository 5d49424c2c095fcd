'use client';
// The error page of any route: what happened in plain words, a retry, and a way home. The cause is logged on the
// server (never shown here); the digest lets support find it.
import Link from 'next/link';
import { useTranslations } from 'next-intl';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('shell.error');
  return (
    <main id="main">
      <section className="card" role="alert" data-testid="error-page">
        <h1>{t('title')}</h1>
        <p>
          {t('body')}
          {error.digest ? ` ${t('reference', { digest: error.digest })}` : ''}
        </p>
        <p>
          <button type="button" onClick={reset}>
            {t('retry')}
          </button>{' '}
          <Link href="/workspace">{t('home')}</Link>
        </p>
      </section>
    </main>
  );
}
