import type { Metadata } from 'next';
import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
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
export default async function ResultsPage() {
  const session = await requirePageSession('/results');
  const author = isTeacherOrAbove(session.principal.role);
  const [{ brand }, t, format, mine, onMine] = await Promise.all([
    currentBrand(),
    getTranslations('results'),
    getFormatter(),
    myResults(session.user.id),
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
            {onMine.length ? (
              <div className="table-scroll" tabIndex={0}>
                <table className="libraries" data-testid="results-authored">
                  <thead>
                    <tr>
                      <th scope="col">{t('columns.content')}</th>
                      <th scope="col">{t('columns.learners')}</th>
                      <th scope="col">{t('columns.average')}</th>
                      <th scope="col">{t('columns.last')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {onMine.map((r) => (
                      <tr key={r.contentId} data-testid="results-authored-row">
                        <td>
                          <Link href={`/content/${encodeURIComponent(r.contentId)}`}>{r.title}</Link>
                        </td>
                        <td>{format.number(r.learners)}</td>
                        <td>{r.averageScaled === null ? '—' : pct(r.averageScaled)}</td>
                        <td>{when(r.lastFinishedAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="muted" data-testid="results-authored-empty">
                {t('authored.empty')}
              </p>
            )}
          </section>
        ) : null}
        <section className="card" aria-labelledby="results-mine">
          <h2 id="results-mine">{t('mine.title')}</h2>
          {mine.length ? (
            <div className="table-scroll" tabIndex={0}>
              <table className="libraries" data-testid="results-mine">
                <thead>
                  <tr>
                    <th scope="col">{t('columns.content')}</th>
                    <th scope="col">{t('columns.score')}</th>
                    <th scope="col">{t('columns.finished')}</th>
                  </tr>
                </thead>
                <tbody>
                  {mine.map((r) => (
                    <tr key={r.contentId} data-testid="results-mine-row">
                      <td>{r.title ?? <span className="muted">{t('mine.unavailable')}</span>}</td>
                      <td>{t('mine.score', { score: r.score, max: r.maxScore })}</td>
                      <td>{when(r.finishedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted" data-testid="results-mine-empty">
              {t('mine.empty')}
            </p>
          )}
        </section>
      </main>
    </>
  );
}
