import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { TopBar } from '@/components/workspace/TopBar';
import { isSuperAdmin } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { adminOverview, adminScope, ADMIN_USERS_LIMIT } from '@/lib/admin/overview';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('admin');
  return { title: t('title') };
}

// The admin overview: users, content and (for a super_admin) tenants, within the admin's own scope. Anyone
// who is not an admin gets the 404 page, as for any page that is not theirs.
export default async function AdminPage() {
  const session = await requirePageSession('/admin');
  if (session.principal.role !== 'admin') notFound();
  const superAdmin = isSuperAdmin(session.principal);
  const scope = adminScope(superAdmin, session.user.tenantId);
  const [{ brand }, t, tp, format, overview] = await Promise.all([
    currentBrand(),
    getTranslations('admin'),
    getTranslations('workspace.plan.names'),
    getFormatter(),
    adminOverview(scope),
  ]);
  const planName = (id: string) => (['free', 'pro', 'premium'].includes(id) ? tp(id as 'free' | 'pro' | 'premium') : id);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <h1>{t('title')}</h1>
        <p className="muted" data-testid="admin-scope">
          {scope.kind === 'all' ? t('scope.all') : scope.kind === 'tenant' ? t('scope.tenant') : t('scope.none')}
        </p>
        <section className="card" aria-labelledby="admin-totals">
          <h2 id="admin-totals">{t('totals.title')}</h2>
          <dl className="facts" data-testid="admin-totals">
            <dt>{t('totals.users')}</dt>
            <dd>{format.number(overview.totals.users)}</dd>
            <dt>{t('totals.contents')}</dt>
            <dd>{format.number(overview.totals.contents)}</dd>
            <dt>{t('totals.public')}</dt>
            <dd>{format.number(overview.totals.publicContents)}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="admin-users">
          <h2 id="admin-users">{t('users.title')}</h2>
          {overview.users.length ? (
            <div className="table-scroll" tabIndex={0}>
              <table className="libraries" data-testid="admin-users">
                <thead>
                  <tr>
                    <th scope="col">{t('users.name')}</th>
                    <th scope="col">{t('users.email')}</th>
                    <th scope="col">{t('users.plan')}</th>
                    {superAdmin ? <th scope="col">{t('users.tenant')}</th> : null}
                    <th scope="col">{t('users.contents')}</th>
                    <th scope="col">{t('users.joined')}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.users.map((u) => (
                    <tr key={u.id} data-testid="admin-user">
                      <td>{u.name}</td>
                      <td>{u.email}</td>
                      <td>{planName(u.plan)}</td>
                      {superAdmin ? <td>{u.tenant ?? '—'}</td> : null}
                      <td>{format.number(u.contents)}</td>
                      <td>{format.dateTime(u.createdAt, { dateStyle: 'medium' })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted">{t('users.empty')}</p>
          )}
          {overview.totals.users > ADMIN_USERS_LIMIT ? <p className="muted">{t('users.newest', { count: ADMIN_USERS_LIMIT })}</p> : null}
        </section>
        {overview.tenants ? (
          <section className="card" aria-labelledby="admin-tenants">
            <h2 id="admin-tenants">{t('tenants.title')}</h2>
            {overview.tenants.length ? (
              <div className="table-scroll" tabIndex={0}>
                <table className="libraries" data-testid="admin-tenants">
                  <thead>
                    <tr>
                      <th scope="col">{t('tenants.name')}</th>
                      <th scope="col">{t('tenants.domain')}</th>
                      <th scope="col">{t('users.plan')}</th>
                      <th scope="col">{t('tenants.users')}</th>
                      <th scope="col">{t('tenants.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {overview.tenants.map((x) => (
                      <tr key={x.id} data-testid="admin-tenant">
                        <td>{x.name}</td>
                        <td>{x.domain}</td>
                        <td>{planName(x.plan)}</td>
                        <td>{format.number(x.users)}</td>
                        <td>{x.active ? t('tenants.active') : t('tenants.inactive')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="muted">{t('tenants.empty')}</p>
            )}
          </section>
        ) : null}
      </main>
    </>
  );
}
