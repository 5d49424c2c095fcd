'use client';
// The error page of any route: what happened in plain words, a retry, and a way home. The cause is logged on the
// server (never shown here); the digest lets support find it. The same box as the 404 page, on the kit.
import { useTranslations } from 'next-intl';
import { AlertTriangle, Home, RotateCcw } from 'lucide-react';
import { Button, ButtonLink, Card } from '@/components/ui';
import styles from './not-found.module.css';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('shell.error');
  return (
    <main id="main">
      <Card padded={false} className={styles.box} role="alert" data-testid="error-page">
        <AlertTriangle aria-hidden size={40} className={styles.icon} />
        <h1>{t('title')}</h1>
        <p>
          {t('body')}
          {error.digest ? ` ${t('reference', { digest: error.digest })}` : ''}
        </p>
        <p className={styles.actions}>
          <Button variant="primary" icon={RotateCcw} onClick={reset}>
            {t('retry')}
          </Button>
          <ButtonLink href="/workspace" icon={Home}>
            {t('home')}
          </ButtonLink>
        </p>
      </Card>
    </main>
  );
}
