import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CurriculumPicker } from '@/components/curriculum/CurriculumPicker';
import { CurriculumNotice } from '@/components/curriculum/CurriculumNotice';
import { curriculumStatus } from '@/lib/curriculum/read';
import { TopBar } from '@/components/workspace/TopBar';
import { myContents, pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('curriculum'), currentBrand()]);
  return { title: `${t('meta.title')} · ${brand.appName}` };
}

export default async function CurriculumPage() {
  const { user, principal } = await pageUser('/curriculum');
  const curriculum = { ...(await curriculumStatus(user.tenantId)), admin: principal.role === 'admin' };
  const { brand } = await currentBrand();
  const contents = await myContents(user.id);
  const t = await getTranslations('curriculum');
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <p>
            <a href="/workspace">{t('page.back')}</a>
          </p>
          <h1>{t('page.heading')}</h1>
          {contents.length ? (
            <CurriculumPicker contents={contents} curriculum={curriculum} />
          ) : (
            <>
              <p className="muted">{t('page.noContent')}</p>
              <CurriculumNotice state={curriculum} />
            </>
          )}
        </section>
      </main>
    </>
  );
}
