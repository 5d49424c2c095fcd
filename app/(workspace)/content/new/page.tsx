import { getLocale, getTranslations } from 'next-intl/server';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { ButtonLink, PageHeader } from '@/components/ui';
import { H5pEditor } from '@/components/content/H5pEditor';
import { EditorMissing } from '@/components/content/EditorMissing';
import { CreateGateNotice } from '@/components/content/CreateGateNotice';
import { NoTypes } from '@/components/content/create/NoTypes';
import { TypePicker } from '@/components/content/create/TypePicker';
import { contentPageMetadata } from '@/components/content/page-title';
import { editorAvailable } from '@/lib/h5p/engine/paths';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { createCatalog, hubReachable } from '@/lib/h5p';
import { createGate } from '@/lib/plans/create-gate';
import styles from './page.module.css';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('new.title');

// Create (issue 25 item 6): first our type picker (installed, not hidden types; search, categories, recently used),
// then ?type=<machine name> opens the H5P editor with that type chosen; ?type=all opens H5P's own selector.
export default async function NewContentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user, principal } = await workspaceContext('/content/new');
  const gate = createGate(principal.role, user);
  const [t, ta, locale, sp] = await Promise.all([getTranslations('content'), getTranslations('ai'), getLocale(), searchParams]);
  const title = t('new.title');
  if (!gate.allowed) {
    return (
      <div className="page">
        <PageHeader title={title} />
        <CreateGateNotice gate={gate} />
      </div>
    );
  }
  const wanted = typeof sp.type === 'string' ? sp.type : undefined;
  const catalog = await createCatalog(user.id, locale);
  const chosen = wanted && wanted !== 'all' ? catalog.types.find((x) => x.machineName === wanted) : undefined;
  const editor = editorAvailable();
  const aiLink = (
    <ButtonLink href="/content/ai" icon={Sparkles} data-testid="create-with-ai" title={ta('newLinkHint')}>
      {ta('newLink')}
    </ButtonLink>
  );

  if (chosen || wanted === 'all') {
    return (
      <div className="page">
        <PageHeader
          title={chosen ? t('create.titleWith', { type: chosen.title }) : title}
          titleTestId="create-title"
          breadcrumbs={[{ label: title, href: '/content/new' }, { label: chosen ? chosen.title : t('create.allTypes') }]}
          breadcrumbLabel={t('create.breadcrumb')}
          actions={
            <ButtonLink href="/content/new" icon={ArrowLeft} variant="ghost" data-testid="create-choose-another">
              {t('create.chooseAnother')}
            </ButtonLink>
          }
        />
        {editor ? <H5pEditor library={chosen?.library} /> : <EditorMissing admin={principal.role === 'admin'} />}
      </div>
    );
  }

  const isAdmin = principal.role === 'admin';
  const reachable = catalog.types.length || !isAdmin ? true : await hubReachable();
  return (
    <div className="page">
      <PageHeader title={title} description={t('create.description')} actions={aiLink} />
      {wanted ? (
        <p className={styles.notice} role="status" data-testid="create-unknown-type">
          {t('create.unknownType')}
        </p>
      ) : null}
      {editor ? null : <EditorMissing admin={principal.role === 'admin'} />}
      {catalog.types.length ? <TypePicker types={catalog.types} recent={catalog.recent} /> : <NoTypes isAdmin={isAdmin} hubReachable={reachable} />}
    </div>
  );
}
