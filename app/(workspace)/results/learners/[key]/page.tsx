import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink, Card, PageHeader, Stack } from '@/components/ui';
import { DateFilter } from '@/components/results/DateFilter';
import { dateParam, duration, queryOf } from '@/components/results/format';
import { DataTable } from '@/components/ui/DataTable';
import { UpgradeNotice } from '@/components/results/UpgradeNotice';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { unlockingPlan } from '@/lib/plans/plans';
import { learnerAttempts, resultsReader } from '@/lib/results/analytics';
import { learnerKeyParams, rangeOf } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('results.learner');
  return { title: t('metaTitle') };
}

// One learner's attempts across the caller's content (an admin: their tenant's content).
export default async function LearnerResultsPage({ params, searchParams }: { params: Promise<{ key: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const key = decodeURIComponent((await params).key);
  const sp = await searchParams;
  const { user, principal } = await workspaceContext(`/results/learners/${encodeURIComponent(key)}`);
  if (!learnerKeyParams.safeParse({ learnerKey: key }).success) notFound();
  const [t, tr, format] = await Promise.all([getTranslations('results.learner'), getTranslations('results'), getFormatter()]);
  const upgrade = unlockingPlan(user.plan, 'analytics-dashboard');
  if (upgrade) return <UpgradeNotice plan={upgrade} />;
  const from = dateParam(sp.from);
  const to = dateParam(sp.to);
  const reader = await resultsReader(principal, user);
  const { rows, total } = await learnerAttempts(reader, key, rangeOf({ from, to }), { limit: 50, offset: 0 });
  const name = rows[0]?.learner.name ?? key;
  const pct = (v: number | null) => (v === null ? '—' : format.number(v, { style: 'percent', maximumFractionDigits: 0 }));
  const self = `/results/learners/${encodeURIComponent(key)}`;
  return (
    <>
      <Stack className="page" gap={4}>
        <PageHeader
          title={t('title', { name })}
          titleTestId="results-title"
          actions={
            <ButtonLink href="/results" variant="ghost" icon={ArrowLeft}>
              {tr('content.back')}
            </ButtonLink>
          }
        />
        <Card>
          <DateFilter action={self} from={from} to={to} />
        </Card>
        <Card>
          <DataTable
            testId="results-learner"
            rowTestId="results-learner-row"
            rows={rows}
            rowKey={(r) => r.id}
            empty={t('empty')}
            columns={[
              { header: tr('columns.content'), cell: (r) => <Link href={`/results/content/${encodeURIComponent(r.contentId)}`}>{r.contentTitle ?? r.contentId}</Link> },
              { header: tr('columns.score'), cell: (r) => (r.score !== null && r.maxScore !== null ? `${format.number(r.score)} / ${format.number(r.maxScore)}` : '—') },
              { header: tr('columns.percent'), cell: (r) => pct(r.scaled) },
              { header: tr('columns.completed'), cell: (r) => (r.completed ? tr('yes') : tr('no')) },
              { header: tr('columns.time'), cell: (r) => duration(r.durationMs) },
              { header: tr('columns.started'), cell: (r) => format.dateTime(new Date(r.startedAt), { dateStyle: 'medium', timeStyle: 'short' }) },
            ]}
          />
          {total ? (
            <p>
              <a href={`/api/results/learners/${encodeURIComponent(key)}${queryOf({ from, to, format: 'csv' })}`} download>
                {t('csv')}
              </a>
            </p>
          ) : null}
        </Card>
      </Stack>
    </>
  );
}
