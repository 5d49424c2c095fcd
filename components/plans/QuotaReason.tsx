// Why an action that makes a content item (Duplicate, Clone, Create, Import) is disabled at the monthly quota, and
// the way out: the API's refusal in the reader's language, what the plan allows, and a link to /plans naming the
// plan that allows more (lib/plans/allowance.ts createAllowance gives every prop). Renders nothing when allowed.
//   const a = createAllowance(user, 'duplicate');                        (server)
//   <Button disabled={!a.allowed} aria-describedby="dup-reason">…</Button>
//   <QuotaReason {...a} id="dup-reason" />
// No 'use client': it renders in server pages and inside client components alike.
import { ArrowUpRight, CircleAlert } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import styles from './QuotaReason.module.css';

/** The refusal texts the API answers at the quota (lib/plans/quota.ts, lib/plans/allowance.ts), to their messages. */
const REASONS: Record<string, 'monthly' | 'limit'> = { 'Monthly content quota exceeded': 'monthly', 'Content limit reached': 'limit' };
const PLAN_KEYS = ['free', 'pro', 'premium'] as const;
type PlanKey = (typeof PLAN_KEYS)[number];
const isPlan = (v: unknown): v is PlanKey => typeof v === 'string' && (PLAN_KEYS as readonly string[]).includes(v);

export interface QuotaReasonProps {
  /** false (or absent reason) renders nothing */
  allowed?: boolean;
  /** the API's refusal text (createAllowance's `reason`); another text is shown as it is */
  reason?: string;
  /** the plan id that allows more ('pro', 'premium'): the link names it */
  upgradePlan?: string;
  /** the user's plan id, its monthly limit and what they used: the sentence under the reason */
  plan?: string;
  limit?: number;
  used?: number;
  /** the element's id (point the disabled button's aria-describedby at it) */
  id?: string;
  testId?: string;
  compact?: boolean;
}

export function QuotaReason({ allowed, reason, upgradePlan, plan, limit, used, id, testId = 'quota-reason', compact }: QuotaReasonProps) {
  const t = useTranslations('workspace.plan');
  if (allowed || !reason) return null;
  const key = REASONS[reason];
  const name = (p: PlanKey) => t(`names.${p}`);
  return (
    <div className={compact ? `${styles.reason} ${styles.compact}` : styles.reason} id={id} role="status" data-testid={testId}>
      <CircleAlert aria-hidden className={styles.icon} />
      <div className={styles.text}>
        <p className={styles.title} data-testid={`${testId}-text`}>
          {key ? t(`quota.${key}`) : reason}
        </p>
        {isPlan(plan) && typeof limit === 'number' && limit >= 0 && !compact ? (
          <p className={styles.explain}>{t('quota.explain', { plan: name(plan), limit, used: used ?? limit })}</p>
        ) : null}
        {isPlan(upgradePlan) ? (
          <Link href="/plans" className={styles.link} data-testid={`${testId}-upgrade`}>
            {upgradePlan === 'premium' ? t('quota.upgradeUnlimited', { plan: name(upgradePlan) }) : t('quota.upgrade', { plan: name(upgradePlan) })}
            <ArrowUpRight aria-hidden className={styles.arrow} />
          </Link>
        ) : (
          <p className={styles.explain}>{t('quota.nextMonth')}</p>
        )}
      </div>
    </div>
  );
}
