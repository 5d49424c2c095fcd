import type { Metadata } from 'next';
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { DataTable } from '@/components/ui/DataTable';
import { TopBar } from '@/components/workspace/TopBar';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { myResults, resultsOnMyContent } from '@/lib/results/overview';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('results');
  return { title: t('title') };
}

// Results: what the signed-in user scored, and for authors how learners did on their content.
export default async function ResultsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePageSession('/results');
  // ?after=<cursor>: the page of older results after the one shown (keyset, lib/results/overview.ts)
  const { after: afterParam } = await searchParams;
  const after = typeof afterParam === 'string' ? afterParam : undefined;
  const author = isTeacherOrAbove(session.principal.role);
  const [{ brand }, t, format, mine, onMine] = await Promise.all([
    currentBrand(),
    getTranslations('results'),
    getFormatter(),
    myResults(session.user.id, after),
    author ? resultsOnMyContent(session.user.id) : Promise.resolve(null),
  ]);
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 0 });
  const when = (d: Date) => format.dateTime(d, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <h1>{t('title')}</h1>
        {onMine ? (
          <section className="card" aria-labelledby="results-authored">
            <h2 id="results-authored">{t('authored.title')}</h2>
            <DataTable
              testId="results-authored"
              rowTestId="results-authored-row"
              rows={onMine}
              rowKey={(r) => r.contentId}
              empty={t('authored.empty')}
              columns={[
                { header: t('columns.content'), cell: (r) => <Link href={`/content/${encodeURIComponent(r.contentId)}`}>{r.title}</Link> },
                { header: t('columns.learners'), cell: (r) => format.number(r.learners) },
                { header: t('columns.average'), cell: (r) => (r.averageScaled === null ? '—' : pct(r.averageScaled)) },
                { header: t('columns.last'), cell: (r) => when(r.lastFinishedAt) },
              ]}
            />
          </section>
        ) : null}
        <section className="card" aria-labelledby="results-mine">
          <h2 id="results-mine">{t('mine.title')}</h2>
          <DataTable
            testId="results-mine"
            rowTestId="results-mine-row"
            rows={mine.results}
            rowKey={(r) => r.contentId}
            empty={t('mine.empty')}
            columns={[
              { header: t('columns.content'), cell: (r) => r.title ?? <span className="muted">{t('mine.unavailable')}</span> },
              { header: t('columns.score'), cell: (r) => t('mine.score', { score: r.score, max: r.maxScore }) },
              { header: t('columns.finished'), cell: (r) => when(r.finishedAt) },
            ]}
          />
          {after || mine.next ? (
            <p>
              {after ? <Link href="/results" data-testid="results-mine-first">{t('mine.first')}</Link> : null}
              {after && mine.next ? ' · ' : null}
              {mine.next ? <Link href={`/results?after=${encodeURIComponent(mine.next)}`} data-testid="results-mine-older">{t('mine.older')}</Link> : null}
            </p>
          ) : null}
        </section>
      </main>
    </>
  );
}
