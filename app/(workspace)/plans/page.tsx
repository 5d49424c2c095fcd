import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Check, CircleCheck, Minus } from 'lucide-react';
import { notFound } from 'next/navigation';
import { Fragment } from 'react';
import { BillingButton } from '@/components/billing/BillingButton';
import { Badge, Button, Card, PageHeader } from '@/components/ui';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { paymentsEnabled } from '@/lib/billing/stripe';
import { FEATURE_GROUPS, UNGROUPED } from '@/lib/plans/features';
import { planOf, PLAN_IDS, type FeatureFlag } from '@/lib/plans/plans';
import { allPlans } from '@/lib/plans/view';
import styles from './plans.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('settings.plans');
  return { title: t('title') };
}

const GB = 1024 ** 3;
const MB = 1024 ** 2;

// The plans (the same list as GET /api/auth/plans): a card per plan (price, limits, the caller's plan marked, an
// upgrade for each higher plan that goes to the payment provider's checkout), then a comparison table — plans as
// columns, limits and named features as rows. The top plan is offered no upgrade.
// A student has no plan to use: the branded 404, as for any page that is not theirs (the admin pages for a teacher)
// — unless they pay for one or have a billing account, which home and settings then show them (issue 25 item 2).
export default async function PlansPage() {
  const { user, principal } = await requirePageSession('/plans');
  if (!isTeacherOrAbove(principal.role) && planOf(user.plan).id === 'free' && !user.stripeCustomerId) notFound();
  const [t, tw, format] = await Promise.all([getTranslations('settings'), getTranslations('workspace.plan'), getFormatter()]);
  const plans = allPlans();
  const current = planOf(user.plan).id;
  const rank = (id: string) => PLAN_IDS.indexOf(id as (typeof PLAN_IDS)[number]);
  const top = rank(current) === PLAN_IDS.length - 1;
  const enabled = paymentsEnabled();
  const name = (id: (typeof PLAN_IDS)[number]) => tw(`names.${id}`);
  const price = (n: number) => t('plans.priceValue', { price: format.number(n, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 }) });
  const limit = (n: number, one: (v: number) => string) => (n === -1 ? t('plans.unlimited') : one(n));
  const bytes = (n: number) => (n === -1 ? t('plans.unlimited') : n >= GB ? t('plans.gb', { n: n / GB }) : t('plans.mb', { n: n / MB }));
  const groups = FEATURE_GROUPS.map((g, i) => ({ id: g.id, features: [...g.features, ...(i === FEATURE_GROUPS.length - 1 ? UNGROUPED : [])] as FeatureFlag[] }));
  const has = (features: readonly string[], f: FeatureFlag) => features.includes(f);
  const yes = (
    <>
      <Check aria-hidden className={styles.yes} />
      <span className="sr-only">{t('plans.included')}</span>
    </>
  );
  const no = (
    <>
      <Minus aria-hidden className={styles.no} />
      <span className="sr-only">{t('plans.notIncluded')}</span>
    </>
  );
  return (
    <div className="page">
      <PageHeader title={t('plans.title')} description={t('plans.description')} />
      {!enabled ? (
        <p className={styles.notice} role="status" data-testid="payments-disabled">
          {t('plans.disabled')}
        </p>
      ) : null}
      {top ? (
        <p className={styles.top} role="status" data-testid="top-plan">
          <CircleCheck aria-hidden className={styles.topIcon} />
          {t('plans.topPlan')}
        </p>
      ) : null}
      <ul className={styles.cards} aria-label={t('plans.title')}>
        {plans.map((p, i) => {
          const isCurrent = p.id === current;
          const previous = i > 0 ? plans[i - 1] : null;
          return (
            <Card as="li" key={p.id} className={isCurrent ? `${styles.card} ${styles.current}` : styles.card} data-testid={`plan-${p.id}`} aria-current={isCurrent ? 'true' : undefined}>
              <div className={styles.cardHead}>
                <h2 className={styles.planName}>{name(p.id)}</h2>
                {isCurrent ? (
                  <Badge tone="brand" data-testid="current-plan">
                    {t('plans.current')}
                  </Badge>
                ) : null}
              </div>
              <p className={styles.price}>{price(p.price)}</p>
              <ul className={styles.limits}>
                <li>{p.limits.contentsPerMonth === -1 ? t('plans.contentsUnlimited') : t('plans.contents', { n: p.limits.contentsPerMonth })}</li>
                <li>{p.limits.aiGenerationsPerMonth === -1 ? t('plans.aiUnlimited') : t('plans.ai', { n: p.limits.aiGenerationsPerMonth })}</li>
                <li>{t('plans.storage', { size: bytes(p.limits.storageBytes) })}</li>
              </ul>
              <p className={styles.features}>
                {previous ? t('plans.everything', { plan: name(previous.id) }) : t('plans.basics')}
                {previous ? (
                  <span className={styles.featureCount}> {t('plans.features', { n: p.features.filter((f) => !previous.features.includes(f)).length })}</span>
                ) : null}
              </p>
              <div className={styles.cta}>
                {rank(p.id) > rank(current) && p.id !== 'free' ? (
                  enabled ? (
                    <BillingButton action="checkout" planId={p.id} label={t('plans.upgrade', { plan: name(p.id) })} testId={`upgrade-${p.id}`} primary />
                  ) : (
                    <Button disabled data-testid={`upgrade-${p.id}`}>
                      {t('plans.upgrade', { plan: name(p.id) })}
                    </Button>
                  )
                ) : null}
              </div>
            </Card>
          );
        })}
      </ul>

      <Card className={styles.compare} aria-labelledby="compare-heading">
        <h2 id="compare-heading" className={styles.compareHeading}>
          {t('plans.compare')}
        </h2>
        <div className={styles.scroller} role="region" aria-labelledby="compare-heading" tabIndex={0}>
          <table className={styles.table} data-testid="plans-table">
            <caption className="sr-only">{t('plans.compareCaption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.featureCol}>
                  {t('plans.feature')}
                </th>
                {plans.map((p) => (
                  <th scope="col" key={p.id} className={p.id === current ? styles.currentCol : undefined} data-testid={`compare-${p.id}`}>
                    <span className={styles.colName}>{name(p.id)}</span>
                    {p.id === current ? <span className={styles.colCurrent}>{t('plans.current')}</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className={styles.group}>
                <th scope="colgroup" colSpan={plans.length + 1}>
                  {t('plans.limits')}
                </th>
              </tr>
              {(
                [
                  ['price', t('plans.price'), (p: (typeof plans)[number]) => price(p.price)],
                  ['contents', t('plans.contentsRow'), (p: (typeof plans)[number]) => limit(p.limits.contentsPerMonth, (n) => format.number(n))],
                  ['ai', t('plans.aiRow'), (p: (typeof plans)[number]) => limit(p.limits.aiGenerationsPerMonth, (n) => format.number(n))],
                  ['storage', t('plans.storageRow'), (p: (typeof plans)[number]) => bytes(p.limits.storageBytes)],
                ] as const
              ).map(([key, label, cell]) => (
                <tr key={key} data-testid={`row-${key}`}>
                  <th scope="row">{label}</th>
                  {plans.map((p) => (
                    <td key={p.id} className={p.id === current ? styles.currentCol : undefined}>
                      {cell(p)}
                    </td>
                  ))}
                </tr>
              ))}
              {groups.map((g) => (
                <Fragment key={g.id}>
                  <tr className={styles.group}>
                    <th scope="colgroup" colSpan={plans.length + 1}>
                      {t(`plans.groups.${g.id}`)}
                    </th>
                  </tr>
                  {g.features.map((f) => (
                    <tr key={f} data-testid={`feature-${f}`}>
                      <th scope="row">{t(`plans.featureNames.${f}`)}</th>
                      {plans.map((p) => (
                        <td key={p.id} className={p.id === current ? styles.currentCol : undefined}>
                          {has(p.features, f) ? yes : no}
                        </td>
                      ))}
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      {enabled && user.stripeCustomerId ? (
        <p>
          <BillingButton action="portal" label={t('billing.manage')} testId="manage-billing" />
        </p>
      ) : null}
    </div>
  );
}
