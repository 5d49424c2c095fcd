import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/AdminNav';
import { CurriculumSyncAll, SyncFrameworkButton } from '@/components/admin/AdminJobs';
import { DataTable } from '@/components/ui/DataTable';
import { curriculumOverview } from '@/lib/admin/curriculum';
import { requirePageSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';

export const dynamic = 'force-dynamic';

// Not in the messages: the catalogs go to every page, and only an admin's page names the variable.
const SERVICE_VARIABLE = 'CURRICULUM_SERVICE_URL';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('admin.curriculum'), currentBrand()]);
  return { title: `${t('title')} · ${brand.appName}` };
}

// The admin's curriculum: is the central service there, the local frameworks (sync one now, or all as a job
// with progress per framework), and the sync history. Calls to the service carry the admin's own token.
export default async function AdminCurriculumPage() {
  const session = await requirePageSession('/admin/curriculum');
  if (session.principal.role !== 'admin') notFound();
  const [t, format, overview] = await Promise.all([
    getTranslations('admin.curriculum'),
    getFormatter(),
    curriculumOverview(session.providerToken()),
  ]);
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  const statusText = (s: string) => (s === 'completed' || s === 'completed_with_errors' || s === 'in_progress' ? t(`status.${s}`) : s);
  return (
    <>
      <div className="page">
        <h1>{t('title')}</h1>
        <AdminNav current="/admin/curriculum" />
        <section className="card" aria-labelledby="service-title">
          <h2 id="service-title">{t('service.title')}</h2>
          <p data-testid="curriculum-service" data-connected={String(overview.service.connected)}>
            {!overview.configured ? t('service.notConfigured', { variable: SERVICE_VARIABLE }) : overview.service.connected ? t('service.connected') : t('service.down', { error: overview.service.error ?? '' })}
          </p>
          <CurriculumSyncAll initial={overview.job} configured={overview.configured} />
        </section>
        <section className="card" aria-labelledby="frameworks-title">
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
                    {f.isActive ? null : <span className="muted"> · {t('frameworks.inactive')}</span>}
                  </>
                ),
              },
              { header: t('frameworks.subjects'), cell: (f) => format.number(f.subjects) },
              { header: t('frameworks.objectives'), cell: (f) => format.number(f.objectives) },
              { header: t('frameworks.lastSync'), cell: (f) => (f.lastSync ? `${when(f.lastSync.at)} · ${statusText(f.lastSync.status)}` : t('frameworks.never')) },
              { header: t('frameworks.action'), cell: (f) => <SyncFrameworkButton code={f.code} name={f.name} disabled={!overview.configured} /> },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="history-title">
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
              { header: t('history.status'), cell: (h) => statusText(h.status) },
              { header: t('history.items'), cell: (h) => format.number(h.items_synced) },
              { header: t('history.error'), cell: (h) => (h.error_message ? <span className="error-text">{h.error_message.slice(0, 300)}</span> : '—') },
            ]}
          />
        </section>
      </div>
    </>
  );
}
