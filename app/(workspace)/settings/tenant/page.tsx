import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { BrandSettings } from '@/components/settings/BrandSettings';
import { PageHeader, Stack } from '@/components/ui';
import { isSuperAdmin } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { planHasFeature } from '@/lib/plans/plans';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings.brand');
  return { title: t('title') };
}

// The school's brand and custom domain, for admins of the tenant of this address whose plan has whitelabel (and
// super_admins), as PUT /api/tenant/brand and /domain allow (lib/tenant/update.ts). Everyone else is told why they
// cannot change it (and, for an admin, which plan can).
export default async function TenantSettingsPage() {
  const { user, principal } = await requirePageSession('/settings/tenant');
  const [{ brand, tenant }, t] = await Promise.all([currentBrand(), getTranslations('settings.brand')]);
  const member = !!tenant && (isSuperAdmin(principal) || (principal.role === 'admin' && !!user.tenantId && user.tenantId === tenant.id));
  const allowed = member && (isSuperAdmin(principal) || planHasFeature(user.plan, 'whitelabel'));
  const row = allowed && tenant ? await db().tenant.findUnique({ where: { id: tenant.id }, select: { customDomain: true } }) : null;
  return (
    <>
      <Stack className="page" gap={4}>
        <PageHeader title={t('title')} />
        {!tenant ? (
          <p className="notice" role="status" data-testid="brand-no-tenant">
            {t('noTenant')}
          </p>
        ) : !member ? (
          <p className="notice" role="status" data-testid="brand-not-member">
            {t('notMember', { name: tenant.name })}
          </p>
        ) : !allowed ? (
          <p className="notice" role="status" data-testid="brand-gated">
            {t('gated')} <Link href="/plans">{t('upgrade')}</Link>
          </p>
        ) : (
          <BrandSettings initial={brand} customDomain={row?.customDomain ?? null} baseDomain={config().baseDomain} tenantName={tenant.name} />
        )}
      </Stack>
    </>
  );
}
