'use client';
// A button that opens the payment provider's page: a checkout for a paid plan, or the billing portal. The server
// answers the address (POST /api/auth/checkout or /api/auth/billing-portal, with the session cookie); the browser
// goes there. A refusal (payments not configured, provider unreachable) is shown beside the button.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { ArrowUpRight, CreditCard } from 'lucide-react';
import { Button } from '@/components/ui';
import { callApi } from '@/components/shared/api';
import type { PAID_PLAN_IDS } from '@/lib/plans/plans';
import styles from './BillingButton.module.css';

export function BillingButton({ action, planId, label, testId, primary }: { action: 'checkout' | 'portal'; planId?: (typeof PAID_PLAN_IDS)[number]; label: string; testId: string; primary?: boolean }) {
  const t = useTranslations('settings.billing');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await callApi<{ url: string }>('POST', action === 'checkout' ? '/api/auth/checkout' : '/api/auth/billing-portal', action === 'checkout' ? { planId } : undefined);
      window.location.assign(data.url);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <span className={styles.action}>
      <Button variant={primary ? 'primary' : 'secondary'} icon={action === 'checkout' ? ArrowUpRight : CreditCard} data-testid={testId} onClick={() => void go()} loading={busy}>
        {busy ? t('opening') : label}
      </Button>
      {error ? (
        <span className={styles.error} role="alert" data-testid={`${testId}-error`}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
