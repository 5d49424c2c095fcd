import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/AdminNav';
import { EssentialsJob, InstallTypeButton } from '@/components/admin/AdminJobs';
import { LibraryTable } from '@/components/content/LibraryTable';
import { HiddenTypes } from '@/components/content/create/HiddenTypes';
import { Badge, Card, DataTable, PageHeader, Stack } from '@/components/ui';
import { isSuperAdmin } from '@/lib/auth/roles';
import { hiddenTypes, typeTitle } from '@/lib/h5p';
import { contentTypesOverview } from '@/lib/admin/content-types';
import { upgradableTypes } from '@/lib/h5p/upgrade';
import Link from 'next/link';
import { requirePageSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('admin.contentTypes'), currentBrand()]);
  return { title: `${t('title')} · ${brand.appName}` };
}

// The admin's content types: the hub, the essential set (installed as a job with progress per library), every
// type the hub offers with the version installed here (install or update one), the hidden content types (edited by
// a super_admin: the list applies to every tenant) and the installed libraries.
export default async function AdminContentTypesPage() {
  const session = await requirePageSession('/admin/content-types');
  if (session.principal.role !== 'admin') notFound();
  const superAdmin = isSuperAdmin(session.principal);
  const scope = superAdmin ? null : (session.user.tenantId ?? undefined);
  const [t, u, format, overview, hidden, locale, upgrades] = await Promise.all([
    getTranslations('admin.contentTypes'),
    getTranslations('admin.upgrades'),
    getFormatter(),
    contentTypesOverview(),
    hiddenTypes(),
    getLocale(),
    scope === undefined ? Promise.resolve({ types: [] }) : upgradableTypes(scope),
  ]);
  const upgradable = upgrades.types.reduce((n, x) => n + x.upgradable, 0);
  const { hub, essentials, catalog, libraries, job } = overview;
  const hiddenNames = new Set(hidden.types.map((h) => h.machineName));
  return (
    <>
      <Stack className="page" gap={4}>
        <PageHeader title={t('title')} />
        <AdminNav current="/admin/content-types" />
        <Card aria-labelledby="hub-title">
          <h2 id="hub-title">{t('hub.title')}</h2>
          <dl className="facts" data-testid="hub-status">
            <dt>{t('hub.address')}</dt>
            <dd>
              <code>{hub.url}</code>
            </dd>
            <dt>{t('hub.state')}</dt>
            <dd data-testid="hub-reachable" data-reachable={String(hub.reachable)}>
              {hub.reachable ? t('hub.reachable') : t('hub.unreachable')}
            </dd>
            <dt>{t('hub.lastUpdate')}</dt>
            <dd>
              {hub.lastUpdate ? format.dateTime(new Date(hub.lastUpdate), { dateStyle: 'medium', timeStyle: 'short' }) : t('hub.never')}
            </dd>
          </dl>
          {!hub.reachable ? (
            <p className="notice" role="status">
              {t('hub.unreachableHelp')}
            </p>
          ) : null}
        </Card>
        {scope !== undefined ? (
          <Card aria-labelledby="upgrades-title" data-testid="upgrades-card">
            <h2 id="upgrades-title">{u('cardTitle')}</h2>
            <p>{u('cardText', { count: upgradable })}</p>
            <p>
              <Link href="/admin/content-types/upgrades" data-testid="upgrades-link">
                {u('cardLink')}
              </Link>
            </p>
          </Card>
        ) : null}
        <Card aria-labelledby="essentials-title">
          <h2 id="essentials-title">{t('essentials.title')}</h2>
          <p data-testid="essentials-summary">
            {t(essentials.ready ? 'essentials.ready' : 'essentials.notReady', { installed: essentials.installed, total: essentials.total })}
          </p>
          <EssentialsJob initial={job} hubReachable={hub.reachable} />
        </Card>
        <Card aria-labelledby="catalog-title">
          <h2 id="catalog-title">{t('catalog.title')}</h2>
          <DataTable
            testId="hub-catalog"
            rowTestId="hub-type"
            rows={catalog}
            rowKey={(c) => c.machineName}
            empty={hub.reachable ? t('catalog.empty') : t('catalog.unreachable')}
            columns={[
              {
                header: t('catalog.type'),
                cell: (c) => (
                  <>
                    <strong>{typeTitle(c.machineName, locale, c.title)}</strong>
                    {c.essential ? <span className="muted"> · {t('catalog.essential')}</span> : null}
                    {hiddenNames.has(c.machineName) ? (
                      <>
                        {' '}
                        <Badge tone="warning">{t('catalog.hidden')}</Badge>
                      </>
                    ) : null}
                    <br />
                    <code>{c.machineName}</code>
                  </>
                ),
              },
              { header: t('catalog.hubVersion'), cell: (c) => c.hubVersion },
              { header: t('catalog.installed'), cell: (c) => c.installedVersion ?? '—' },
              {
                header: t('catalog.action'),
                cell: (c) =>
                  c.installedVersion && !c.updateAvailable ? (
                    <span className="muted">{t('catalog.upToDate')}</span>
                  ) : (
                    <InstallTypeButton machineName={c.machineName} title={c.title} update={c.updateAvailable} />
                  ),
              },
            ]}
          />
        </Card>
        <Card aria-labelledby="hidden-title" id="hidden">
          <h2 id="hidden-title">{t('hidden.title')}</h2>
          <HiddenTypes initial={hidden} canEdit={isSuperAdmin(session.principal)} />
        </Card>
        <Card aria-labelledby="libraries-title">
          <h2 id="libraries-title">{t('libraries')}</h2>
          <LibraryTable libraries={libraries} />
        </Card>
      </Stack>
    </>
  );
}
