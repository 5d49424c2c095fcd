import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AdminNav } from '@/components/admin/AdminNav';
import { PeopleAdmin } from '@/components/people/PeopleAdmin';
import { Button, Card, PageHeader, Stack } from '@/components/ui';
import { isSuperAdmin } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { schoolsForPicker } from '@/lib/people/service';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('people');
  return { title: t('title') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Running a school (issue 27 item 4): the school's people, invitations, roles and accounts. A school's admin sees
// their own school; a super admin picks one (?tenantId=); anyone else gets the 404 page.
export default async function PeoplePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requirePageSession('/admin/people');
  if (session.principal.role !== 'admin') notFound();
  const t = await getTranslations('people');
  const superAdmin = isSuperAdmin(session.principal);
  const asked = (await searchParams).tenantId;
  const tenantId = superAdmin ? (typeof asked === 'string' && UUID.test(asked) ? asked : null) : session.user.tenantId;
  const schools = superAdmin ? await schoolsForPicker() : [];
  return (
    <Stack className="page" gap={4}>
      <PageHeader title={t('title')} description={t('description')} />
      <AdminNav current="/admin/people" />
      {superAdmin ? (
        <Card aria-labelledby="people-school">
          <form method="get" className="inline-form">
            <label id="people-school" htmlFor="people-tenant">
              {t('school')}
            </label>
            <select id="people-tenant" name="tenantId" defaultValue={tenantId ?? ''} data-testid="people-tenant">
              <option value="" disabled>
                {t('chooseSchool')}
              </option>
              {schools.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <Button type="submit">{t('open')}</Button>
          </form>
        </Card>
      ) : null}
      {tenantId ? (
        <PeopleAdmin tenantId={superAdmin ? tenantId : null} selfId={session.user.id} />
      ) : superAdmin ? null : (
        <p className="notice" data-testid="people-no-school">
          {t('noSchool')}
        </p>
      )}
    </Stack>
  );
}
