import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/AdminNav';
import { Button, ButtonLink, Card, DataTable, PageHeader, Stack } from '@/components/ui';
import { AUDIT_ACTIONS, listAuditEvents, type AuditEvent } from '@/lib/audit';
import { isSuperAdmin } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';
import styles from './page.module.css';

export const dynamic = 'force-dynamic';

const PAGE = 50;

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('admin.audit'), currentBrand()]);
  return { title: `${t('title')} · ${brand.appName}` };
}

const isAction = (v: unknown): v is (typeof AUDIT_ACTIONS)[number] => typeof v === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(v);
const isUuid = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v);

// The school's audit log (issue 27 item 6): who shared, transferred, restored, invited, changed a role, an account or
// the brand, newest first, filtered by action, with a CSV download of the whole log. A tenant admin sees their own
// school's; a super admin every school's. Anyone else gets the 404 page.
export default async function AdminAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePageSession('/admin/audit');
  if (session.principal.role !== 'admin') notFound();
  const superAdmin = isSuperAdmin(session.principal);
  const tenantId = session.user.tenantId;
  const sp = await searchParams;
  const action = isAction(sp.action) ? sp.action : undefined;
  const before = isUuid(sp.before) ? sp.before : undefined;
  const [t, tp, format] = await Promise.all([getTranslations('admin.audit'), getTranslations('admin.pages'), getFormatter()]);
  const scoped = superAdmin || tenantId;
  const page = scoped
    ? await listAuditEvents({ ...(superAdmin ? {} : { tenantId: tenantId! }), ...(action ? { action } : {}), ...(before ? { before } : {}), limit: PAGE })
    : { data: [], nextCursor: null };
  const actionName = (a: string) => (isAction(a) ? t(`actions.${a}`) : a);
  const detailsOf = (e: AuditEvent) => {
    const d = e.details;
    const show = (v: unknown): string => (v === null || v === undefined ? '—' : Array.isArray(v) ? v.map(show).join(', ') : typeof v === 'object' ? JSON.stringify(v) : typeof v === 'string' ? v : JSON.stringify(v));
    const parts: string[] = [];
    if ('from' in d || 'to' in d) parts.push(`${show(d.from)} → ${show(d.to)}`);
    for (const [k, v] of Object.entries(d)) if (k !== 'from' && k !== 'to') parts.push(`${k}: ${show(v)}`);
    return parts.join(' · ');
  };
  const query = (extra: Record<string, string | undefined>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ action, ...extra })) if (v) q.set(k, v);
    const s = q.toString();
    return s ? `?${s}` : '';
  };
  return (
    <Stack className="page" gap={4}>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ label: tp('overview'), href: '/admin' }, { label: t('title') }]}
        actions={scoped ? <ButtonLink href={`/api/admin/audit${query({ format: 'csv' })}`} variant="secondary" external download data-testid="audit-csv">{t('csv')}</ButtonLink> : undefined}
      />
      <AdminNav current="/admin/audit" />
      <p className="muted">{scoped ? t('intro') : t('noTenant')}</p>
      {scoped ? (
        <Card aria-labelledby="audit-events">
          <h2 id="audit-events" className="sr-only">{t('title')}</h2>
          {/* a plain GET form: works by keyboard and without script */}
          <form method="get" action="/admin/audit" className={styles.filter} data-testid="audit-filter">
            <label htmlFor="audit-action">{t('filter')}</label>
            <select id="audit-action" name="action" defaultValue={action ?? ''}>
              <option value="">{t('all')}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {actionName(a)}
                </option>
              ))}
            </select>
            <Button type="submit" variant="secondary" size="sm">
              {t('apply')}
            </Button>
          </form>
          <DataTable
            testId="audit-events"
            rowTestId="audit-event"
            label={t('title')}
            rows={page.data}
            rowKey={(e) => e.id}
            empty={action ? t('emptyFiltered') : t('empty')}
            columns={[
              { header: t('when'), className: styles.when, cell: (e) => <time dateTime={e.createdAt}>{format.dateTime(new Date(e.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}</time> },
              { header: t('who'), cell: (e) => e.actorEmail ?? t('system') },
              { header: t('what'), cell: (e) => actionName(e.action) },
              { header: t('target'), cell: (e) => e.targetLabel ?? e.targetId ?? '—' },
              { header: t('details'), cell: (e) => detailsOf(e) || '—' },
            ]}
          />
          {before || page.nextCursor ? (
            <p>
              {before ? <Link href={`/admin/audit${query({})}`} data-testid="audit-newest">{t('newest')}</Link> : null}
              {before && page.nextCursor ? ' · ' : null}
              {page.nextCursor ? <Link href={`/admin/audit${query({ before: page.nextCursor })}`} data-testid="audit-older">{t('older')}</Link> : null}
            </p>
          ) : null}
        </Card>
      ) : null}
    </Stack>
  );
}
