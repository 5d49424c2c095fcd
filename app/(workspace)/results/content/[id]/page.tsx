import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { DateFilter } from '@/components/results/DateFilter';
import { dateParam, duration, queryOf } from '@/components/results/format';
import { ScoreHistogram } from '@/components/results/ScoreHistogram';
import { ArrowLeft, Play } from 'lucide-react';
import { ButtonLink, Card, DataTable, PageHeader, Stack } from '@/components/ui';
import { UpgradeNotice } from '@/components/results/UpgradeNotice';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { unlockingPlan } from '@/lib/plans/plans';
import { assertResultsAccess, contentAttempts, contentSummary, HISTOGRAM_BUCKETS, itemAnalysis, resultsReader, type ItemAnswers } from '@/lib/results/analytics';
import { rangeOf } from '@/lib/results/http';

export const dynamic = 'force-dynamic';
const PAGE = 20;

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const [t, content] = await Promise.all([getTranslations('results.content'), db().h5pContent.findUnique({ where: { id }, select: { title: true } })]);
  return { title: t('metaTitle', { title: content?.title ?? '' }) };
}

// One content item's results (issue 11): summary, score histogram, item analysis and attempts, in a date range.
export default async function ContentResultsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const sp = await searchParams;
  const { user, principal } = await workspaceContext(`/results/content/${id}`);
  const reader = await resultsReader(principal, user);
  try {
    await assertResultsAccess(reader, id);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  }
  const [t, tr, format] = await Promise.all([getTranslations('results.content'), getTranslations('results'), getFormatter()]);
  const upgrade = unlockingPlan(user.plan, 'analytics-dashboard');
  if (upgrade) return <UpgradeNotice plan={upgrade} />;
  const from = dateParam(sp.from);
  const to = dateParam(sp.to);
  const range = rangeOf({ from, to: to && from && to < from ? undefined : to });
  const page = Math.max(0, Math.min(500, Number(typeof sp.page === 'string' ? sp.page : 0) || 0));
  // item analysis over each learner's first answers (the default) or every answer
  const answers: ItemAnswers = sp.attempts === 'all' ? 'all' : 'first';
  const [content, summary, items, attempts] = await Promise.all([
    db().h5pContent.findUnique({ where: { id }, select: { title: true } }),
    contentSummary(id, range),
    itemAnalysis(id, range, answers),
    contentAttempts(id, range, { limit: PAGE, offset: page * PAGE }),
  ]);
  if (!content) notFound();
  const pct = (v: number | null) => (v === null ? '—' : format.number(v, { style: 'percent', maximumFractionDigits: 0 }));
  const when = (d: string) => format.dateTime(new Date(d), { dateStyle: 'medium', timeStyle: 'short' });
  const self = `/results/content/${encodeURIComponent(id)}`;
  const api = `/api/results/content/${encodeURIComponent(id)}`;
  const dates = { from, to };
  const which: Record<string, string> = answers === 'all' ? { attempts: 'all' } : {};
  const labels = Array.from({ length: HISTOGRAM_BUCKETS }, (_, i) => t('bucket', { from: i * 10, to: (i + 1) * 10 }));
  const stats: [string, string, string][] = [
    ['attempts', t('attempts'), format.number(summary.attempts)],
    ['learners', t('learners'), format.number(summary.learners)],
    ['completion', t('completionRate'), pct(summary.completionRate)],
    ['average', t('averageScore'), pct(summary.averageScore)],
    ['median', t('medianScore'), pct(summary.medianScore)],
    ['median-time', t('medianTime'), duration(summary.medianDurationMs)],
    ['total-time', t('totalTime'), duration(summary.totalDurationMs)],
  ];
  return (
    <>
      <Stack className="page" gap={4}>
        <PageHeader
          title={t('title', { title: content.title })}
          titleTestId="results-title"
          actions={
            <>
              <ButtonLink href="/results" variant="ghost" icon={ArrowLeft}>
                {t('back')}
              </ButtonLink>
              <ButtonLink href={`/content/${encodeURIComponent(id)}`} icon={Play}>
                {t('play')}
              </ButtonLink>
            </>
          }
        />
        <Card>
          <DateFilter action={self} from={from} to={to} keep={which} />
        </Card>
        <Card aria-labelledby="results-summary">
          <h2 id="results-summary">{t('summary')}</h2>
          <dl className="results-stats" data-testid="results-summary">
            {stats.map(([key, label, value]) => (
              <div key={key} data-testid={`stat-${key}`}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="results-note" data-testid="results-not-counted">
            {t('notCounted')} <span data-testid="stat-views">{t('views', { count: format.number(summary.views) })}</span>
            {summary.previews ? <> · <span data-testid="stat-previews">{t('previews', { count: format.number(summary.previews) })}</span></> : null}
          </p>
          <h3>{t('histogram')}</h3>
          <ScoreHistogram buckets={summary.histogram} labels={labels} attemptsLabel={t('attempts')} summary={t('histogramLabel', { list: summary.histogram.map((c, i) => `${labels[i]}: ${c}`).join(', ') })} />
        </Card>
        <Card aria-labelledby="results-items">
          <h2 id="results-items">{t('items')}</h2>
          <nav aria-label={t('answersLabel')} className="results-answers" data-testid="results-answers">
            {(['first', 'all'] as const).map((k, i) => (
              <span key={k}>
                {i ? ' · ' : null}
                {k === answers ? (
                  <strong aria-current="true" data-testid={`results-answers-${k}`}>{t(k === 'first' ? 'answersFirst' : 'answersAll')}</strong>
                ) : (
                  <Link href={`${self}${queryOf({ ...dates, ...(k === 'all' ? { attempts: 'all' } : {}) })}`} data-testid={`results-answers-${k}`}>
                    {t(k === 'first' ? 'answersFirst' : 'answersAll')}
                  </Link>
                )}
              </span>
            ))}
            <small> — {t(answers === 'first' ? 'answersFirstHint' : 'answersAllHint')}</small>
          </nav>
          <DataTable
            testId="results-items"
            rowTestId="results-item-row"
            rows={items}
            rowKey={(r) => r.itemId}
            empty={t('itemsEmpty')}
            columns={[
              { header: tr('columns.question'), cell: (r) => r.name ?? r.itemId },
              { header: tr('columns.answers'), cell: (r) => format.number(r.answers) },
              { header: tr('columns.correct'), cell: (r) => pct(r.shareCorrect) },
              { header: tr('columns.average'), cell: (r) => pct(r.averageScore) },
              { header: tr('columns.wrong'), cell: (r) => (r.commonWrongAnswers.length ? r.commonWrongAnswers.map((w) => `${w.response} (${w.count})`).join('; ') : '—') },
            ]}
          />
          {items.length ? <p><a href={`${api}${queryOf({ ...dates, ...which, format: 'csv' })}`} download>{t('csvItems')}</a></p> : null}
        </Card>
        <Card aria-labelledby="results-attempts">
          <h2 id="results-attempts">{t('attemptsTitle')}</h2>
          <DataTable
            testId="results-attempts"
            rowTestId="results-attempt-row"
            rows={attempts.rows}
            rowKey={(r) => r.id}
            empty={t('attemptsEmpty')}
            columns={[
              { header: tr('columns.learner'), cell: (r) => <Link href={`/results/learners/${encodeURIComponent(r.learner.key)}`}>{r.learner.name}</Link> },
              { header: tr('columns.source'), cell: (r) => (['workspace', 'embed', 'api', 'lti'].includes(r.source) ? tr(`sources.${r.source as 'workspace'}`) : r.source) },
              { header: tr('columns.score'), cell: (r) => (r.score !== null && r.maxScore !== null ? `${format.number(r.score)} / ${format.number(r.maxScore)}` : '—') },
              { header: tr('columns.percent'), cell: (r) => pct(r.scaled) },
              { header: tr('columns.completed'), cell: (r) => (r.completed ? tr('yes') : tr('no')) },
              { header: tr('columns.time'), cell: (r) => duration(r.durationMs) },
              { header: tr('columns.started'), cell: (r) => when(r.startedAt) },
              { header: tr('columns.passback'), cell: (r) => r.passback ?? '—' },
            ]}
          />
          {attempts.total ? (
            <p>
              <span data-testid="results-attempts-range">{t('pageOf', { from: page * PAGE + 1, to: page * PAGE + attempts.rows.length, total: attempts.total })}</span>
              {page > 0 ? <> · <Link href={`${self}${queryOf({ ...dates, ...which, page: String(page - 1) })}`}>{t('previous')}</Link></> : null}
              {(page + 1) * PAGE < attempts.total ? <> · <Link href={`${self}${queryOf({ ...dates, ...which, page: String(page + 1) })}`}>{t('next')}</Link></> : null}
              {' · '}
              <a href={`${api}/attempts${queryOf({ ...dates, format: 'csv' })}`} download>{t('csvAttempts')}</a>
            </p>
          ) : null}
        </Card>
      </Stack>
    </>
  );
}
