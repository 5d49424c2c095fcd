import type { Metadata } from 'next';
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Card, DataTable, PageHeader, Stack } from '@/components/ui';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { unlockingPlan } from '@/lib/plans/plans';
import { myResults, resultsOnMyContent } from '@/lib/results/overview';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('results');
  return { title: t('title') };
}

// Results: the signed-in user's own attempts, and for authors how learners did on their content (the details
// pages need the analytics-dashboard feature).
export default async function ResultsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePageSession('/results');
  // ?after=<cursor>: the page of older attempts after the one shown (keyset, lib/results/overview.ts)
  const { after: afterParam } = await searchParams;
  const after = typeof afterParam === 'string' ? afterParam : undefined;
  const author = isTeacherOrAbove(session.principal.role);
  const [t, format, mine, onMine] = await Promise.all([
    getTranslations('results'),
    getFormatter(),
    myResults(session.user.id, after),
    author ? resultsOnMyContent(session.user.id) : Promise.resolve(null),
  ]);
  const upgrade = unlockingPlan(session.user.plan, 'analytics-dashboard');
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 0 });
  const when = (d: Date) => format.dateTime(d, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Stack className="page" gap={4}>
        <PageHeader title={t('title')} />
        {onMine ? (
          <Card aria-labelledby="results-authored">
            <h2 id="results-authored">{t('authored.title')}</h2>
            {upgrade ? (
              <p className="muted" data-testid="results-upgrade">
                {t('authored.upgrade', { plan: upgrade })} <Link href="/plans">{t('authored.plans')}</Link>
              </p>
            ) : null}
            <DataTable
              testId="results-authored"
              rowTestId="results-authored-row"
              rows={onMine}
              rowKey={(r) => r.contentId}
              empty={t('authored.empty')}
              columns={[
                { header: t('columns.content'), cell: (r) => (upgrade ? <Link href={`/content/${encodeURIComponent(r.contentId)}`}>{r.title}</Link> : <Link href={`/results/content/${encodeURIComponent(r.contentId)}`}>{r.title}</Link>) },
                { header: t('columns.attempts'), cell: (r) => format.number(r.attempts) },
                { header: t('columns.learners'), cell: (r) => format.number(r.learners) },
                { header: t('columns.average'), cell: (r) => (r.averageScaled === null ? '—' : pct(r.averageScaled)) },
                { header: t('columns.last'), cell: (r) => when(r.lastAttemptAt) },
              ]}
            />
          </Card>
        ) : null}
        <Card aria-labelledby="results-mine">
          <h2 id="results-mine">{t('mine.title')}</h2>
          <DataTable
            testId="results-mine"
            rowTestId="results-mine-row"
            rows={mine.results}
            rowKey={(r) => r.attemptId}
            empty={t('mine.empty')}
            columns={[
              { header: t('columns.content'), cell: (r) => r.title ?? <span className="muted">{t('mine.unavailable')}</span> },
              { header: t('columns.score'), cell: (r) => (r.score !== null && r.maxScore !== null ? t('mine.score', { score: r.score, max: r.maxScore }) : '—') },
              { header: t('columns.completed'), cell: (r) => (r.completed ? t('yes') : t('no')) },
              { header: t('columns.started'), cell: (r) => when(r.startedAt) },
            ]}
          />
          <p>
            {after ? <Link href="/results" data-testid="results-mine-first">{t('mine.first')}</Link> : null}
            {after && mine.next ? ' · ' : null}
            {mine.next ? <Link href={`/results?after=${encodeURIComponent(mine.next)}`} data-testid="results-mine-older">{t('mine.older')}</Link> : null}
            {mine.results.length ? <>{after || mine.next ? ' · ' : null}<a href="/api/results/me?format=csv" download>{t('mine.csv')}</a></> : null}
          </p>
        </Card>
      </Stack>
    </>
  );
}
