import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Badge, Card, PageHeader, Stack } from '@/components/ui';
import { BillingButton } from '@/components/billing/BillingButton';
import { LanguageMenu } from '@/components/shell/LanguageMenu';
import { UsageBars } from '@/components/workspace/UsageBars';
import { isSuperAdmin, isTeacherOrAbove } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { paymentsEnabled } from '@/lib/billing/stripe';
import { planHasFeature, planOf } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings');
  return { title: t('title') };
}

// The user's own settings: who they are, their plan and its usage with billing (the payment provider's portal, or
// the plans to upgrade to), and the interface language (which also goes to the H5P player and editor).
export default async function SettingsPage() {
  const session = await requirePageSession('/settings');
  const [{ tenant }, t, tp, usage, tb, tl] = await Promise.all([
    currentBrand(),
    getTranslations('settings'),
    getTranslations('workspace.plan.names'),
    usageOf(session.user),
    getTranslations('settings.brand'),
    getTranslations('lti'),
  ]);
  const payments = paymentsEnabled();
  const plan = planOf(session.user.plan);
  // a student has no plan, quotas or credits to use: none are shown (issue 25 item 2)
  // …unless they pay for a plan (or have a billing account): then they see it and can manage it
  const teacher = isTeacherOrAbove(session.principal.role) || plan.id !== 'free' || Boolean(session.user.stripeCustomerId);
  return (
    <>
      <Stack className="page" gap={4}>
        <PageHeader title={t('title')} />
        <Card aria-labelledby="settings-account">
          <h2 id="settings-account">{t('account.title')}</h2>
          <dl className="facts" data-testid="settings-account">
            <dt>{t('account.name')}</dt>
            <dd>{session.user.name}</dd>
            <dt>{t('account.email')}</dt>
            <dd>{session.user.email}</dd>
            <dt>{t('account.role')}</dt>
            <dd>{t(`roles.${session.principal.role}`)}</dd>
            {teacher ? (
              <>
                <dt>{t('account.plan')}</dt>
                <dd>
                  <Badge tone="brand">{tp(plan.id)}</Badge>
                </dd>
              </>
            ) : null}
          </dl>
          <p className="muted">{t('account.managed')}</p>
        </Card>
        {teacher ? (
          <Card aria-labelledby="settings-billing" data-testid="settings-billing">
            <h2 id="settings-billing">{t('billing.title')}</h2>
            <p>
              {t('billing.plan')}: <Badge tone="brand">{tp(plan.id)}</Badge>
            </p>
            <UsageBars usage={usage} />
            {!payments ? (
              <p className="muted">{t('billing.disabled')}</p>
            ) : !session.user.stripeCustomerId ? (
              <p className="muted">{t('billing.noAccount')}</p>
            ) : null}
            <p className="actions">
              {payments && session.user.stripeCustomerId ? (
                <BillingButton action="portal" label={t('billing.manage')} testId="manage-billing" />
              ) : null}{' '}
              <Link href="/plans" data-testid="see-plans">
                {/* the top plan is offered no upgrade */}
                {plan.id === 'premium' ? t('billing.comparePlans') : t('billing.seePlans')}
              </Link>
            </p>
          </Card>
        ) : null}
        {tenant && ((session.principal.role === 'admin' && session.user.tenantId === tenant.id) || isSuperAdmin(session.principal)) ? (
          <Card aria-labelledby="settings-brand">
            <h2 id="settings-brand">{tb('title')}</h2>
            <p>
              <Link href="/settings/tenant" data-testid="brand-settings-link">
                {tb('link')}
              </Link>
            </p>
          </Card>
        ) : null}
        {isTeacherOrAbove(session.principal.role) || planHasFeature(session.user.plan, 'lti-integration') ? (
          <Card aria-labelledby="settings-lti">
            <h2 id="settings-lti">{tl('title')}</h2>
            <p>{tl('linkHelp')}</p>
            <p>
              <Link href="/settings/lti" data-testid="lti-settings-link">
                {tl('link')}
              </Link>
              {planHasFeature(session.user.plan, 'lti-integration') ? null : (
                <>
                  {' '}
                  <Badge tone="warning">{tl('premium')}</Badge>
                </>
              )}
            </p>
          </Card>
        ) : null}
        <Card aria-labelledby="settings-language">
          <h2 id="settings-language">{t('language.title')}</h2>
          <p>{t('language.help')}</p>
          <LanguageMenu signedIn showLabel />
        </Card>
      </Stack>
    </>
  );
}
