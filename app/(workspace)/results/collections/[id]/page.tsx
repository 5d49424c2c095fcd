import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { ArrowLeft, Layers } from 'lucide-react';
import { ButtonLink, Card, PageHeader, Stack } from '@/components/ui';
import { DateFilter } from '@/components/results/DateFilter';
import { dateParam, queryOf } from '@/components/results/format';
import { UpgradeNotice } from '@/components/results/UpgradeNotice';
import { db } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { unlockingPlan } from '@/lib/plans/plans';
import { collectionGrid, resultsReader } from '@/lib/results/analytics';
import { rangeOf } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('results.collection');
  return { title: t('metaTitle') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A collection's learner × item grid: each learner's best score and completion per item.
export default async function CollectionResultsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const sp = await searchParams;
  const { user, principal } = await workspaceContext(`/results/collections/${id}`);
  if (!UUID.test(id)) notFound();
  const [t, tr, format] = await Promise.all([getTranslations('results.collection'), getTranslations('results'), getFormatter()]);
  const upgrade = unlockingPlan(user.plan, 'analytics-dashboard');
  if (upgrade) return <UpgradeNotice plan={upgrade} />;
  const from = dateParam(sp.from);
  const to = dateParam(sp.to);
  let grid;
  try {
    grid = await collectionGrid(await resultsReader(principal, user), id, rangeOf({ from, to }), { limit: 200, offset: 0 });
  } catch (err) {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  }
  const collection = await db().collection.findUnique({ where: { id }, select: { title: true } });
  const pct = (v: number | null) => (v === null ? '—' : format.number(v, { style: 'percent', maximumFractionDigits: 0 }));
  const self = `/results/collections/${id}`;
  return (
    <>
      <Stack className="page" gap={4}>
        <PageHeader
          title={t('title', { title: collection?.title ?? '' })}
          titleTestId="results-title"
          actions={
            <>
              <ButtonLink href="/results" variant="ghost" icon={ArrowLeft}>
                {tr('content.back')}
              </ButtonLink>
              <ButtonLink href={`/collections/${id}`} icon={Layers}>
                {collection?.title}
              </ButtonLink>
            </>
          }
        />
        <Card>
          <DateFilter action={self} from={from} to={to} />
        </Card>
        <Card>
          {grid.learners.length ? (
            <div className="table-scroll" tabIndex={0}>
              <table className="libraries results-grid" data-testid="results-grid">
                <thead>
                  <tr>
                    <th scope="col">{tr('columns.learner')}</th>
                    {grid.items.map((i) => (
                      <th key={i.contentId} scope="col">
                        <Link href={`/results/content/${encodeURIComponent(i.contentId)}`}>{i.title}</Link>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {grid.learners.map((l) => (
                    <tr key={l.key} data-testid="results-grid-row">
                      <th scope="row">
                        <Link href={`/results/learners/${encodeURIComponent(l.key)}`}>{l.name}</Link>
                      </th>
                      {l.cells.map((c, i) => (
                        <td key={grid.items[i]!.contentId}>{c ? `${pct(c.bestScore)}${c.completed ? ' ✓' : ''}` : <span className="muted">{t('notTried')}</span>}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted" data-testid="results-grid-empty">
              {t('empty')}
            </p>
          )}
          {grid.learners.length ? (
            <p>
              <a href={`/api/results/collections/${id}${queryOf({ from, to, format: 'csv' })}`} download>
                {t('csv')}
              </a>
            </p>
          ) : null}
        </Card>
      </Stack>
    </>
  );
}
