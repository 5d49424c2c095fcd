// What a user who may not start authoring sees instead of the editor or the import form (lib/plans/create-gate.ts).
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { CreateGate } from '@/lib/plans/create-gate';

export function CreateGateNotice({ gate }: { gate: Exclude<CreateGate, { allowed: true }> }) {
  const t = useTranslations('content.gate');
  if (gate.reason === 'role') {
    return (
      <p className="notice" role="status" data-testid="create-gate">
        {t('role')}
      </p>
    );
  }
  return (
    <div className="notice" role="status" data-testid="create-gate">
      <p>{t('quota', { used: gate.used, limit: gate.limit, plan: gate.plan })}</p>
      {gate.upgrade ? (
        <p>
          {gate.upgrade.limit === -1 ? t('upgradeUnlimited', { plan: gate.upgrade.name }) : t('upgrade', { plan: gate.upgrade.name, limit: gate.upgrade.limit })}{' '}
          <Link href="/plans" data-testid="upgrade-link">
            {t('upgradeLink', { plan: gate.upgrade.name })}
          </Link>
        </p>
      ) : null}
      <p>
        <Link href="/content">{t('back')}</Link>
      </p>
    </div>
  );
}
