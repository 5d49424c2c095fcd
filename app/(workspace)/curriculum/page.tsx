import type { Metadata } from 'next';
import { FilePlus2 } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { CurriculumPicker } from '@/components/curriculum/CurriculumPicker';
import { CurriculumNotice } from '@/components/curriculum/CurriculumNotice';
import { ButtonLink, Card, EmptyState, PageHeader } from '@/components/ui';
import { curriculumStatus } from '@/lib/curriculum/read';
import { myContents, pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('curriculum'), currentBrand()]);
  return { title: `${t('meta.title')} · ${brand.appName}` };
}

// A teacher's curriculum details of their items: framework → … → objectives (the synced frameworks and their
// school's own), difficulty and language — the last two saved with or without a framework (issue 25 item 9).
export default async function CurriculumPage() {
  const { user, principal } = await pageUser('/curriculum');
  const curriculum = { ...(await curriculumStatus(user.tenantId)), admin: principal.role === 'admin' };
  const contents = await myContents(user.id);
  const t = await getTranslations('curriculum');
  return (
    <div className="page">
      <PageHeader title={t('page.heading')} description={t('page.description')} breadcrumbs={[{ label: t('page.workspace'), href: '/workspace' }, { label: t('page.heading') }]} />
      <Card>
        {contents.length ? (
          <CurriculumPicker contents={contents} curriculum={curriculum} />
        ) : (
          <>
            <EmptyState
              icon={FilePlus2}
              title={t('page.noContent')}
              body={t('page.noContentBody')}
              action={
                <ButtonLink href="/content/new" variant="primary">
                  {t('page.create')}
                </ButtonLink>
              }
              testId="curriculum-no-content"
            />
            <CurriculumNotice state={curriculum} />
          </>
        )}
      </Card>
    </div>
  );
}
