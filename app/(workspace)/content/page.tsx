import { FileUp, Plus, Shapes } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { LibraryWithFolders } from '@/components/content/library/LibraryWithFolders';
import { filtersFromParams, listQueryOf } from '@/components/content/library/filters';
import { contentPageMetadata } from '@/components/content/page-title';
import { ButtonLink, PageHeader, Tabs } from '@/components/ui';
import { SharedWithMe } from '@/components/content/sharing/SharedWithMe';
import { sharedWithMe } from '@/lib/h5p/content/sharing';
import { scormPlanFor } from '@/lib/plans/plans';
import { createAllowance } from '@/lib/plans/allowance';
import { listContents, listContentsQuery, listFacetsOf } from '@/lib/h5p/content/content-list';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { listFolders } from '@/lib/h5p/content/folders';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 20;

export const generateMetadata = () => contentPageMetadata('list.title');

/** The library (issue 25 item 4): the filters, sort and view come from the address, so a reload keeps them. */
export default async function MyContentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user } = await workspaceContext('/content');
  const filters = filtersFromParams(await searchParams);
  // Duplicate is disabled, with the reason and the way to more, once the month's quota is used (issue 25 item 8)
  const duplicate = createAllowance(user, 'duplicate');
  const parsed = listContentsQuery.safeParse(listQueryOf(filters, PAGE_SIZE));
  const query = parsed.success ? parsed.data : listContentsQuery.parse({ limit: PAGE_SIZE });
  // type titles in the reader's language where H5P translates them, as the client's later loads ask for them
  const locale = await getLocale();
  // "Shared with me" (issue 27, ?library=shared; ?view= is the grid/table view): only within a school, so a teacher
  // without one sees My content alone
  const [first, facets, t, tree, shared, ts] = await Promise.all([
    listContents(user.id, query, locale),
    listFacetsOf(user.id, locale),
    getTranslations('content.list'),
    listFolders(user),
    user.tenantId ? sharedWithMe(user, { offset: 0, limit: PAGE_SIZE }, locale) : null,
    getTranslations('content.sharing'),
  ]);
  const library = (
    <LibraryWithFolders
      initialFolders={tree.folders}
      initialRootCount={tree.rootItemCount}
      initialItems={JSON.parse(JSON.stringify(first.data))}
      initialTotal={first.total}
      initialNextCursor={first.nextCursor}
      initialFilters={filters}
      hasContent={facets.total > 0}
      types={facets.types}
      initialTags={facets.tags}
      pageSize={PAGE_SIZE}
      scormPlan={scormPlanFor(user.plan)}
      duplicateBlocked={duplicate.allowed ? null : duplicate}
      now={new Date().toISOString()}
    />
  );
  return (
    <div className="page">
      {/* past the header and the filters in one step: the first item is the third Tab stop after the shell's skip link */}
      <a className="skip-link" href="#library-items">
        {t('skipToItems')}
      </a>
      <PageHeader
        title={t('title')}
        description={<span data-testid="library-count">{t('headerCount', { count: facets.total })}</span>}
        actions={
          <>
            <ButtonLink href="/content/new" variant="primary" icon={Plus} data-testid="new-content">
              {t('create')}
            </ButtonLink>
            <ButtonLink href="/content/import" icon={FileUp} data-testid="import-link">
              {t('import')}
            </ButtonLink>
            <ButtonLink href="/content/types" variant="ghost" icon={Shapes} data-testid="types-link">
              {t('types')}
            </ButtonLink>
          </>
        }
      />
      {shared ? (
        <Tabs
          label={ts('libraryViews')}
          urlParam="library"
          tabs={[
            { value: 'mine', label: t('title'), content: library, testId: 'view-mine' },
            {
              value: 'shared',
              label: ts('sharedWithMeCount', { count: shared.total }),
              content: <SharedWithMe initialItems={shared.data} initialTotal={shared.total} pageSize={PAGE_SIZE} now={new Date().toISOString()} />,
              testId: 'view-shared',
            },
          ]}
        />
      ) : (
        library
      )}
    </div>
  );
}
