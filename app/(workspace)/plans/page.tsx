import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { BillingButton } from '@/components/billing/BillingButton';
import { requirePageSession } from '@/lib/auth/session';
import { paymentsEnabled } from '@/lib/billing/stripe';
import { planOf, PLAN_IDS } from '@/lib/plans/plans';
import { allPlans } from '@/lib/plans/view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings.plans');
  return { title: t('title') };
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

// The plans (the same list as GET /api/auth/plans): price, limits and features, the caller's plan marked, and an
// upgrade button for each higher plan that goes to the payment provider's checkout.
export default async function PlansPage() {
  const { user } = await requirePageSession('/plans');
  const [t, tw, format] = await Promise.all([getTranslations('settings'), getTranslations('workspace.plan'), getFormatter()]);
  const plans = allPlans();
  const current = planOf(user.plan).id;
  const rank = (id: string) => PLAN_IDS.indexOf(id as (typeof PLAN_IDS)[number]);
  const enabled = paymentsEnabled();
  const limit = (n: number, one: (v: number) => string) => (n === -1 ? t('plans.unlimited') : one(n));
  const bytes = (n: number) => (n === -1 ? t('plans.unlimited') : n >= GB ? t('plans.gb', { n: n / GB }) : t('plans.mb', { n: n / MB }));
  return (
    <>
      <div className="page">
        <h1>{t('plans.title')}</h1>
        {!enabled ? (
          <p className="notice" role="status" data-testid="payments-disabled">
            {t('plans.disabled')}
          </p>
        ) : null}
        <ul className="plan-grid" aria-label={t('plans.title')}>
          {plans.map((p) => {
            const isCurrent = p.id === current;
            return (
              <li key={p.id} className={`card plan-card${isCurrent ? ' current' : ''}`} data-testid={`plan-${p.id}`} aria-current={isCurrent ? 'true' : undefined}>
                <h2>{tw(`names.${p.id}`)}</h2>
                <p className="plan-price">
                  {p.price === 0 ? tw('free') : tw('perMonth', { price: format.number(p.price, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 }) })}
                </p>
                {isCurrent ? (
                  <p className="plan-badge" data-testid="current-plan">
                    {t('plans.current')}
                  </p>
                ) : null}
                <ul className="plan-limits">
                  <li>{limit(p.limits.contentsPerMonth, (n) => t('plans.contents', { n }))}</li>
                  <li>{limit(p.limits.aiGenerationsPerMonth, (n) => t('plans.ai', { n }))}</li>
                  <li>{t('plans.storage', { size: bytes(p.limits.storageBytes) })}</li>
                </ul>
                {p.features.length ? (
                  <details>
                    <summary>{t('plans.features', { n: p.features.length })}</summary>
                    <ul className="plan-features">
                      {p.features.map((f) => (
                        <li key={f}>
                          <code>{f}</code>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <p className="muted">{t('plans.noFeatures')}</p>
                )}
                {rank(p.id) > rank(current) && p.id !== 'free' ? (
                  enabled ? (
                    <BillingButton action="checkout" planId={p.id} label={t('plans.upgrade', { plan: tw(`names.${p.id}`) })} testId={`upgrade-${p.id}`} primary />
                  ) : (
                    <button type="button" disabled data-testid={`upgrade-${p.id}`}>
                      {t('plans.upgrade', { plan: tw(`names.${p.id}`) })}
                    </button>
                  )
                ) : null}
              </li>
            );
          })}
        </ul>
        {enabled && user.stripeCustomerId ? (
          <p>
            <BillingButton action="portal" label={t('billing.manage')} testId="manage-billing" />
          </p>
        ) : null}
      </div>
    </>
  );
}
