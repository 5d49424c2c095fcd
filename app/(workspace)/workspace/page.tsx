import type { Metadata } from 'next';
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { UsageBars } from '@/components/workspace/UsageBars';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { planOf } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('workspace');
  return { title: t('title') };
}

export default async function WorkspacePage({ searchParams }: { searchParams: Promise<{ subscription?: string }> }) {
  const { user, principal } = await requirePageSession('/workspace');
  const { subscription } = await searchParams;
  const teacher = isTeacherOrAbove(principal.role);
  const [usage, t, format] = await Promise.all([usageOf(user), getTranslations('workspace'), getFormatter()]);
  const plan = planOf(user.plan);
  const price = format.number(plan.price, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return (
    <>
      <div className="page">
        {subscription === 'success' || subscription === 'cancelled' ? (
          <p className={`notice ${subscription === 'success' ? 'notice-success' : ''}`} role="status" data-testid={`subscription-${subscription}`}>
            {t(`subscription.${subscription}`)}
          </p>
        ) : null}
        <section className="card">
          <h1 data-testid="welcome">{t('welcome', { name: user.name })}</h1>
          <p>
            {t('plan.label')}{' '}
            <span className="plan-badge" data-testid="plan">
              {t(`plan.names.${plan.id}`)}
            </span>{' '}
            <span className="muted">{plan.price === 0 ? t('plan.free') : t('plan.perMonth', { price })}</span>{' '}
            · <Link href="/plans" data-testid="plans-link">{t('subscription.plans')}</Link>
          </p>
        </section>
        {teacher ? (
          <>
            <section className="card">
              <h2>{t('content.title')}</h2>
              <p>
                <Link href="/content" data-testid="my-content-link">
                  {t('content.myContent')}
                </Link>{' '}
                · <Link href="/content/new">{t('content.create')}</Link> · <Link href="/content/import">{t('content.import')}</Link> ·{' '}
                <Link href="/content/types">{t('content.types')}</Link>
              </p>
            </section>
            <section className="card">
              <h2>{t('teach.title')}</h2>
              <p>
                <a href="/marketplace" data-testid="link-marketplace">
                  {t('teach.marketplace')}
                </a>{' '}
                ·{' '}
                <a href="/collections" data-testid="link-collections">
                  {t('teach.collections')}
                </a>{' '}
                ·{' '}
                <a href="/curriculum" data-testid="link-curriculum">
                  {t('teach.curriculum')}
                </a>
              </p>
            </section>
          </>
        ) : (
          <section className="card">
            <h2>{t('learn.title')}</h2>
            <p>
              {t.rich('learn.body', {
                link: (chunks) => (
                  <a href="/marketplace" data-testid="link-marketplace">
                    {chunks}
                  </a>
                ),
              })}
            </p>
          </section>
        )}
        <section className="card">
          <h2>{t('usage.title')}</h2>
          <UsageBars usage={usage} />
        </section>
      </div>
    </>
  );
}
