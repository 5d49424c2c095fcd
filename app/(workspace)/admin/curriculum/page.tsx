import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/AdminNav';
import { CurriculumSyncAll, SyncFrameworkButton } from '@/components/admin/AdminJobs';
import { LocalFrameworks } from '@/components/curriculum/admin/LocalFrameworks';
import { Badge, Card, DataTable, PageHeader } from '@/components/ui';
import { curriculumOverview } from '@/lib/admin/curriculum';
import { requirePageSession } from '@/lib/auth/session';
import { listLocalFrameworks } from '@/lib/curriculum/local';
import { currentBrand } from '@/lib/tenant/current';
import styles from './page.module.css';

export const dynamic = 'force-dynamic';

// Not in the messages: the catalogs go to every page, and only an admin's page names the variable.
const SERVICE_VARIABLE = 'CURRICULUM_SERVICE_URL';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('admin.curriculum'), currentBrand()]);
  return { title: `${t('title')} · ${brand.appName}` };
}

// The admin's curriculum: the school's own frameworks (import a JSON or CSV file, rename, delete, edit entries:
// issue 25 item 9), then the central service — is it there, its frameworks (sync one now, or all as a job with
// progress per framework) and the sync history. Calls to the service carry the admin's own token.
export default async function AdminCurriculumPage() {
  const session = await requirePageSession('/admin/curriculum');
  if (session.principal.role !== 'admin') notFound();
  const tenantId = session.user.tenantId;
  const [t, tl, tp, format, overview, local] = await Promise.all([
    getTranslations('admin.curriculum'),
    getTranslations('curriculum.local'),
    getTranslations('admin.pages'),
    getFormatter(),
    curriculumOverview(session.providerToken()),
    tenantId ? listLocalFrameworks(tenantId) : Promise.resolve([]),
  ]);
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const statusText = (s: string) => (s === 'completed' || s === 'completed_with_errors' || s === 'in_progress' ? t(`status.${s}`) : s);
  const tone = (s: string) => (s === 'completed' ? 'success' : s === 'completed_with_errors' ? 'warning' : 'info');
  return (
    <div className="page">
      <PageHeader title={t('title')} breadcrumbs={[{ label: tp('overview'), href: '/admin' }, { label: t('title') }]} />
      <AdminNav current="/admin/curriculum" />
      <div className={styles.sections}>
        <Card aria-labelledby="local-title" data-testid="local-curriculum">
          <h2 id="local-title">{tl('title')}</h2>
          <p className={styles.lead}>{tl('intro')}</p>
          <LocalFrameworks initial={local} hasTenant={Boolean(tenantId)} />
        </Card>
        <Card aria-labelledby="service-title">
          <h2 id="service-title">{t('service.title')}</h2>
          <p data-testid="curriculum-service" data-connected={String(overview.service.connected)}>
            {!overview.configured ? t('service.notConfigured', { variable: SERVICE_VARIABLE }) : overview.service.connected ? t('service.connected') : t('service.down', { error: overview.service.error ?? '' })}
          </p>
          <CurriculumSyncAll initial={overview.job} configured={overview.configured} />
        </Card>
        <Card aria-labelledby="frameworks-title">
          <h2 id="frameworks-title">{t('frameworks.title')}</h2>
          <DataTable
            testId="admin-frameworks"
            rowTestId="admin-framework"
            rows={overview.frameworks}
            rowKey={(f) => f.code}
            empty={t('frameworks.empty')}
            columns={[
              {
                header: t('frameworks.name'),
                cell: (f) => (
                  <>
                    <strong>{f.name}</strong> <code>{f.code}</code>
                    {f.isActive ? null : (
                      <>
                        {' '}
                        <Badge tone="neutral">{t('frameworks.inactive')}</Badge>
                      </>
                    )}
                  </>
                ),
              },
              { header: t('frameworks.subjects'), cell: (f) => format.number(f.subjects) },
              { header: t('frameworks.objectives'), cell: (f) => format.number(f.objectives) },
              {
                header: t('frameworks.lastSync'),
                cell: (f) =>
                  f.lastSync ? (
                    <>
                      {when(f.lastSync.at)} <Badge tone={tone(f.lastSync.status)}>{statusText(f.lastSync.status)}</Badge>
                    </>
                  ) : (
                    t('frameworks.never')
                  ),
              },
              { header: t('frameworks.action'), cell: (f) => <SyncFrameworkButton code={f.code} name={f.name} disabled={!overview.configured} /> },
            ]}
          />
        </Card>
        <Card aria-labelledby="history-title">
          <h2 id="history-title">{t('history.title')}</h2>
          <DataTable
            testId="sync-history"
            rowTestId="sync-entry"
            rows={overview.history}
            rowKey={(h) => String(h.id)}
            empty={t('history.empty')}
            columns={[
              { header: t('history.started'), cell: (h) => when(h.started_at) },
              { header: t('history.what'), cell: (h) => (h.framework_code ? t('history.framework', { code: h.framework_code }) : t('history.list')) },
              { header: t('history.status'), cell: (h) => <Badge tone={tone(h.status)}>{statusText(h.status)}</Badge> },
              { header: t('history.items'), cell: (h) => format.number(h.items_synced) },
              { header: t('history.error'), cell: (h) => (h.error_message ? <span className="error-text">{h.error_message.slice(0, 300)}</span> : '—') },
            ]}
          />
        </Card>
      </div>
    </div>
  );
}
