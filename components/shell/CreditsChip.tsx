'use client';
// The plan and what is left this month, in the top bar (teachers: new items and AI credits). It reloads when a
// screen announces a change (an AI generation ended, an item was created): window event USAGE_CHANGED.
import { useTranslations } from 'next-intl';
import { Sparkles } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { USAGE_CHANGED } from './usage-event';
import styles from './Shell.module.css';

export interface CreditsUsage {
  contentsUsed: number;
  contentsLimit: number;
  aiUsed: number;
  aiLimit: number;
}

export function CreditsChip({ planName, initial }: { planName: string; initial: CreditsUsage }) {
  const t = useTranslations('shell');
  const [usage, setUsage] = useState(initial);
  useEffect(() => {
    const reload = () => {
      void fetch('/api/auth/me', { cache: 'no-store' })
        .then((r) => (r.ok ? r.json() : null))
        .then((b: { data?: { usage?: CreditsUsage } } | null) => {
          if (b?.data?.usage) setUsage(b.data.usage);
        })
        .catch(() => undefined);
    };
    window.addEventListener(USAGE_CHANGED, reload);
    return () => window.removeEventListener(USAGE_CHANGED, reload);
  }, []);
  const items = usage.contentsLimit === -1 ? t('newItemsUnlimited') : t('newItemsLeft', { count: Math.max(0, usage.contentsLimit - usage.contentsUsed) });
  const ai = usage.aiLimit === -1 ? t('aiUnlimited') : t('aiLeft', { count: Math.max(0, usage.aiLimit - usage.aiUsed) });
  return (
    <Link href="/plans" className={styles.credits} data-testid="shell-plan" aria-live="polite">
      <span className="plan-badge">{planName}</span>
      <span className={styles.creditsText}>
        <Sparkles aria-hidden size={14} /> <span className={styles.creditsItems}>{items} · </span>
        <span data-testid="shell-credits">{ai}</span>
      </span>
    </Link>
  );
}
