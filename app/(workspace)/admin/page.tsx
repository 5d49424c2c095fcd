import type { Metadata } from 'next';
import Link from 'next/link';
import { Badge, Card, PageHeader, Stack, StatGrid } from '@/components/ui';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/AdminNav';
import { TenantActiveToggle, TenantSupport, UserPlanSupport } from '@/components/admin/AdminSupport';
import { ReassignContent } from '@/components/admin/ReassignContent';
import { DataTable } from '@/components/ui/DataTable';
import { isSuperAdmin } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { adminOverview, adminScope, ADMIN_USERS_LIMIT } from '@/lib/admin/overview';
import { isPlanId } from '@/lib/plans/plans';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin');
  return { title: t('title') };
}

// The admin overview: users, content and (for a super_admin) tenants, within the admin's own scope. Anyone
// who is not an admin gets the 404 page, as for any page that is not theirs.
export default async function AdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePageSession('/admin');
  // ?users=<cursor>: the page of older users after the one shown (keyset, lib/admin/overview.ts)
  const { users: usersCursor } = await searchParams;
  const after = typeof usersCursor === 'string' ? usersCursor : undefined;
  if (session.principal.role !== 'admin') notFound();
  const superAdmin = isSuperAdmin(session.principal);
  const scope = adminScope(superAdmin, session.user.tenantId);
  const [t, tp, format, overview] = await Promise.all([
    getTranslations('admin'),
    getTranslations('workspace.plan.names'),
    getFormatter(),
    adminOverview(scope, after),
  ]);
  const planName = (id: string) => (isPlanId(id) ? tp(id) : id);
  return (
    <>
      <Stack className="page" gap={4}>
        <PageHeader title={t('title')} />
        <AdminNav current="/admin" />
        <p className="muted" data-testid="admin-scope">
          {scope.kind === 'all' ? t('scope.all') : scope.kind === 'tenant' ? t('scope.tenant') : t('scope.none')}
        </p>
        <Card aria-labelledby="admin-totals">
          <h2 id="admin-totals">{t('totals.title')}</h2>
          <div data-testid="admin-totals">
            <StatGrid
              items={[
                { label: t('totals.users'), value: format.number(overview.totals.users) },
                { label: t('totals.contents'), value: format.number(overview.totals.contents) },
                { label: t('totals.public'), value: format.number(overview.totals.publicContents) },
              ]}
            />
          </div>
        </Card>
        <Card aria-labelledby="admin-users">
          <h2 id="admin-users">{t('users.title')}</h2>
          {/* the home checklist's "Add your teachers" step links here: teachers come from the identity provider */}
          <p className="muted" data-testid="admin-users-how">
            {t.rich('users.how', { people: (chunks) => <Link href="/admin/people">{chunks}</Link> })}
          </p>
          <DataTable
            testId="admin-users"
            rowTestId="admin-user"
            rows={overview.users}
            rowKey={(u) => u.id}
            empty={t('users.empty')}
            columns={[
              { header: t('users.name'), cell: (u) => u.name },
              { header: t('users.email'), cell: (u) => u.email },
              { header: t('users.role'), cell: (u) => u.role ?? '—' },
              { header: t('users.plan'), cell: (u) => planName(u.plan) },
              superAdmin && { header: t('users.tenant'), cell: (u) => u.tenant ?? '—' },
              { header: t('users.contents'), cell: (u) => format.number(u.contents) },
              { header: t('users.joined'), cell: (u) => format.dateTime(u.createdAt, { dateStyle: 'medium' }) },
            ]}
          />
          {overview.totals.users > ADMIN_USERS_LIMIT && !after ? <p className="muted">{t('users.newest', { count: ADMIN_USERS_LIMIT })}</p> : null}
          {after || overview.nextUsers ? (
            <p>
              {after ? <Link href="/admin" data-testid="admin-users-first">{t('users.first')}</Link> : null}
              {after && overview.nextUsers ? ' · ' : null}
              {overview.nextUsers ? <Link href={`/admin?users=${encodeURIComponent(overview.nextUsers)}`} data-testid="admin-users-older">{t('users.older')}</Link> : null}
            </p>
          ) : null}
        </Card>
        {/* a departing teacher's content to a colleague (issue 27): admins with a school, and super admins */}
        {scope.kind !== 'none' ? <ReassignContent /> : null}
        {overview.tenants ? (
          <Card aria-labelledby="admin-tenants">
            <h2 id="admin-tenants">{t('tenants.title')}</h2>
            <DataTable
              testId="admin-tenants"
              rowTestId="admin-tenant"
              rows={overview.tenants}
              rowKey={(x) => x.id}
              empty={t('tenants.empty')}
              columns={[
                { header: t('tenants.name'), cell: (x) => x.name },
                { header: t('tenants.domain'), cell: (x) => x.domain },
                { header: t('users.plan'), cell: (x) => planName(x.plan) },
                { header: t('tenants.users'), cell: (x) => format.number(x.users) },
                { header: t('tenants.status'), cell: (x) => <Badge tone={x.active ? 'success' : 'neutral'}>{x.active ? t('tenants.active') : t('tenants.inactive')}</Badge> },
                { header: t('support.actions'), cell: (x) => <TenantActiveToggle id={x.id} active={x.active} name={x.name} /> },
              ]}
            />
          </Card>
        ) : null}
        {superAdmin ? (
          <>
            <UserPlanSupport />
            <TenantSupport />
          </>
        ) : null}
      </Stack>
    </>
  );
}
