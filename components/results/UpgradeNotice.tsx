// What a results detail page shows a user whose plan lacks the analytics-dashboard feature: which plan has it.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';

export async function UpgradeNotice({ plan }: { plan: string }) {
  const t = await getTranslations('results');
  return (
    <p className="notice" data-testid="results-upgrade">
      {t('authored.upgrade', { plan })} <Link href="/plans">{t('authored.plans')}</Link>
    </p>
  );
}
