import type { Metadata } from 'next';
import Link from 'next/link';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { Sparkles, Upload, Plus } from 'lucide-react';
import { ButtonLink, Card, PageHeader } from '@/components/ui';
import { QuickCreate, RecentWork, ResultsWorthALook, SetupChecklist, StudentHome, TeachLinks } from '@/components/workspace/Home';
import { UsageBars } from '@/components/workspace/UsageBars';
import { setupChecklist } from '@/lib/admin/checklist';
import { adminScope } from '@/lib/admin/overview';
import { isSuperAdmin, isTeacherOrAbove } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { hubReachable } from '@/lib/h5p';
import { listContents, listContentsQuery } from '@/lib/h5p/content/content-list';
import { quickCreateTypes } from '@/lib/h5p/content/home';
import { planOf } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';
import { myResults, resultsOnMyContent } from '@/lib/results/overview';
import styles from '@/components/workspace/Home.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('workspace');
  return { title: t('title') };
}

// Home, by role: an admin's first-run checklist until the install is set up; a teacher's recent work, quick-create
// tiles and results worth a look; a student's next steps and results. Students see no plan or quotas.
export default async function WorkspacePage({ searchParams }: { searchParams: Promise<{ subscription?: string }> }) {
  const { user, principal } = await requirePageSession('/workspace');
  const { subscription } = await searchParams;
  const teacher = isTeacherOrAbove(principal.role);
  const admin = principal.role === 'admin';
  const [t, format, locale] = await Promise.all([getTranslations('workspace'), getFormatter(), getLocale()]);
  const notice =
    subscription === 'success' || subscription === 'cancelled' ? (
      <p className={`notice ${subscription === 'success' ? 'notice-success' : ''}`} role="status" data-testid={`subscription-${subscription}`}>
        {t(`subscription.${subscription}`)}
      </p>
    ) : null;
  // a student has no plan to use — unless they pay for one or come back from a checkout: then they see what they pay for
  const planLine = (plan: ReturnType<typeof planOf>, price: string) => (
    <p className={styles.planLine}>
      {t('plan.label')}{' '}
      <span className="plan-badge" data-testid="plan">
        {t(`plan.names.${plan.id}`)}
      </span>
      <span className="muted">{t('plan.perMonth', { price })}</span>·
      <Link href="/plans" data-testid="plans-link">
        {t('subscription.plans')}
      </Link>
    </p>
  );
  const plan = planOf(user.plan);
  const price = format.number(plan.price, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
  if (!teacher) {
    const { results } = await myResults(user.id, undefined, 20);
    const billing = plan.id !== 'free' || notice !== null || Boolean(user.stripeCustomerId);
    return (
      <div className="page">
        <PageHeader title={t('welcome', { name: user.name })} titleTestId="welcome" description={billing ? planLine(plan, price) : t('student.intro')} />
        {notice}
        <StudentHome attempts={results} />
      </div>
    );
  }
  const [usage, recent, quick, onMine, checklist, reachable] = await Promise.all([
    usageOf(user),
    listContents(user.id, listContentsQuery.parse({ limit: 6, sortBy: 'updated' }), locale),
    quickCreateTypes(user.id, locale),
    resultsOnMyContent(user.id, 5),
    admin ? setupChecklist(adminScope(isSuperAdmin(principal), user.tenantId)) : null,
    admin ? hubReachable() : true,
  ]);
  return (
    <div className="page">
      <PageHeader
        title={t('welcome', { name: user.name })}
        titleTestId="welcome"
        description={planLine(plan, price)}
        actions={
          <>
            <ButtonLink href="/content/import" icon={Upload}>
              {t('content.import')}
            </ButtonLink>
            <ButtonLink href="/content/ai" icon={Sparkles}>
              {t('home.createAi')}
            </ButtonLink>
            <ButtonLink href="/content/new" icon={Plus} variant="primary">
              {t('content.create')}
            </ButtonLink>
          </>
        }
      />
      {notice}
      {checklist && checklist.done < checklist.total ? <SetupChecklist checklist={checklist} hubReachable={reachable} canImportTypes={isSuperAdmin(principal)} /> : null}
      <RecentWork
        items={recent.data.map((c) => ({
          id: c.id,
          title: c.title,
          typeTitle: c.contentTypeTitle,
          icon: c.icon,
          thumbnailUrl: (c as { thumbnailUrl?: string | null }).thumbnailUrl ?? null,
          visibility: c.visibility,
          updatedAt: c.updatedAt,
        }))}
      />
      <QuickCreate types={quick} />
      <div className={styles.columns}>
        <ResultsWorthALook rows={onMine.map((r) => ({ contentId: r.contentId, title: r.title, attempts: r.attempts, learners: r.learners, averageScaled: r.averageScaled }))} />
        <Card aria-labelledby="home-usage" className={styles.section}>
          <h2 id="home-usage">{t('usage.title')}</h2>
          <UsageBars usage={usage} />
        </Card>
      </div>
      <TeachLinks />
    </div>
  );
}
