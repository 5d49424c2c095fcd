import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CollectionEditor } from '@/components/collections/CollectionEditor';
import { curriculumStatus } from '@/lib/curriculum/read';
import { db } from '@/lib/db/client';
import { TopBar } from '@/components/workspace/TopBar';
import { myContents, pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export async function generateMetadata(): Promise<Metadata> {
  const [t, { brand }] = await Promise.all([getTranslations('collections'), currentBrand()]);
  return { title: `${t('meta.detail')} · ${brand.appName}` };
}

export default async function CollectionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, principal } = await pageUser(`/collections/${id}`);
  const curriculum = { ...(await curriculumStatus()), admin: principal.role === 'admin' };
  const { brand } = await currentBrand();
  const [t, tr] = await Promise.all([getTranslations('collections'), getTranslations('results.collection')]);
  // the owner's link to the learner × item results grid
  const own = /^[0-9a-f-]{36}$/i.test(id) && (await db().collection.count({ where: { id, userId: user.id } })) > 0;
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <p>
          <a href="/collections">{t('backToCollections')}</a>
          {own ? (
            <>
              {' · '}
              <a href={`/results/collections/${id}`} data-testid="collection-results-link">
                {tr('link')}
              </a>
            </>
          ) : null}
        </p>
        <CollectionEditor id={id} userId={user.id} myContents={await myContents(user.id)} curriculum={curriculum} />
      </main>
    </>
  );
}
