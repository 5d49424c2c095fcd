import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/AdminNav';
import { ModerationActions } from '@/components/admin/ModerationQueue';
import { Badge, Card, DataTable, PageHeader, Stack } from '@/components/ui';
import { requirePageSession } from '@/lib/auth/session';
import { listReports, moderationScope } from '@/lib/marketplace/reviews';
import { currentBrand } from '@/lib/tenant/current';
import styles from './page.module.css';

export const dynamic = 'force-dynamic';

const STATUSES = ['open', 'hidden', 'dismissed'] as const;

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('admin.moderation'), currentBrand()]);
  return { title: `${t('title')} · ${brand.appName}` };
}

// The moderation queue (issue 28 item 4): reports of marketplace items and reviews — a tenant admin's own school's
// (the reported item's owner is theirs), a super admin's all — with hide, dismiss and restore.
export default async function ModerationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePageSession('/admin/moderation');
  if (session.principal.role !== 'admin') notFound();
  const sp = await searchParams;
  const status = STATUSES.find((s) => s === sp.status) ?? 'open';
  const [t, tp, tr, format] = await Promise.all([getTranslations('admin.moderation'), getTranslations('admin.pages'), getTranslations('marketplace.reviews'), getFormatter()]);
  let reports: Awaited<ReturnType<typeof listReports>> = [];
  let scoped = true;
  try {
    reports = await listReports(moderationScope(session.principal, session.user), { status, limit: 100 });
  } catch {
    scoped = false; // an admin without a school: nothing of theirs to moderate
  }
  return (
    <Stack className="page" gap={4}>
      <PageHeader title={t('title')} breadcrumbs={[{ label: tp('overview'), href: '/admin' }, { label: t('title') }]} />
      <AdminNav current="/admin/moderation" />
      <p className="muted">{scoped ? t('intro') : t('noTenant')}</p>
      <nav aria-label={t('statusLabel')} className="sub-nav">
        <ul>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link href={`/admin/moderation?status=${s}`} aria-current={s === status ? 'page' : undefined} data-testid={`moderation-${s}`}>
                {t(`status.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Card aria-labelledby="moderation-list">
        <h2 id="moderation-list" className="sr-only">{t(`status.${status}`)}</h2>
        <DataTable
          testId="moderation-reports"
          rowTestId="moderation-report"
          label={t('title')}
          rows={reports}
          rowKey={(r) => r.id}
          empty={t('empty')}
          columns={[
            { header: t('when'), cell: (r) => format.dateTime(new Date(r.createdAt), { dateStyle: 'medium', timeStyle: 'short' }) },
            {
              header: t('what'),
              cell: (r) => (
                <>
                  <Link href={`/content/${encodeURIComponent(r.contentId)}`}>{r.contentTitle}</Link>
                  {r.review ? (
                    <p className={`muted ${styles.review}`}>
                      {t('reviewBy', { name: r.review.authorName, stars: r.review.rating })}: {r.review.body || '—'}
                    </p>
                  ) : null}
                </>
              ),
            },
            { header: t('kind'), cell: (r) => <Badge tone={r.review ? 'neutral' : 'warning'}>{r.review ? t('kindReview') : t('kindItem')}</Badge> },
            { header: t('reason'), cell: (r) => `${tr(`reasons.${r.reason as 'spam'}`)}${r.text ? ` — ${r.text}` : ''}` },
            { header: t('reporter'), cell: (r) => r.reporterEmail },
            { header: t('actions'), cell: (r) => <ModerationActions reportId={r.id} status={r.status} target={r.review ? t('kindReview') : r.contentTitle} /> },
          ]}
        />
      </Card>
    </Stack>
  );
}
