import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { MyContent } from '@/components/content/MyContent';
import { contentPageMetadata } from '@/components/content/page-title';
import { scormPlanFor } from '@/lib/plans/plans';
import { listContents, listContentsQuery, listFacetsOf } from '@/lib/h5p/content/content-list';
import { workspaceContext } from '@/lib/h5p/content/workspace';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 20;

export const generateMetadata = () => contentPageMetadata('list.title');

export default async function MyContentPage() {
  const { user } = await workspaceContext('/content');
  const [first, facets, t] = await Promise.all([listContents(user.id, listContentsQuery.parse({ limit: PAGE_SIZE })), listFacetsOf(user.id), getTranslations('content.list')]);
  return (
    <>
      <div className="page">
        <section className="card">
          <h1>{t('title')}</h1>
          <p>
            <Link href="/workspace">{t('workspace')}</Link> · <Link href="/content/new" data-testid="new-content">{t('create')}</Link> ·{' '}
            <Link href="/content/import" data-testid="import-link">{t('import')}</Link> · <Link href="/content/types" data-testid="types-link">{t('types')}</Link>
          </p>
          <MyContent initialItems={JSON.parse(JSON.stringify(first.data))} initialTotal={first.total} initialNextCursor={first.nextCursor} types={facets.types} initialTags={facets.tags} pageSize={PAGE_SIZE} scormPlan={scormPlanFor(user.plan)} />
        </section>
      </div>
    </>
  );
}
