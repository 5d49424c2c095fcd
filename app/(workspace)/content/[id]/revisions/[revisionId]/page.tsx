import { ArrowLeft } from 'lucide-react';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { RevisionPlayer } from '@/components/content/history/RevisionPlayer';
import { contentPageMetadata } from '@/components/content/page-title';
import { ButtonLink, Card, PageHeader } from '@/components/ui';
import { db } from '@/lib/db/client';
import { contentAccessFacts, mayManageContentData, readerOf } from '@/lib/h5p/content/access';
import { contentRoleOf } from '@/lib/h5p/content/roles';
import { workspaceContext } from '@/lib/h5p/content/workspace';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('history.previewPageTitle');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A revision in the player (issue 27 item 3), for whoever may see the item's history (the History tab's Preview).
// The H5P player web component writes its frame's scripts itself: the page has the editor pages' script policy
// (server/header-policy.mjs EDITOR_PAGE).
export default async function RevisionPreviewPage({ params }: { params: Promise<{ id: string; revisionId: string }> }) {
  const { id, revisionId } = await params;
  const { user, principal } = await workspaceContext(`/content/${id}/revisions/${revisionId}`);
  const facts = await contentAccessFacts(id);
  const reader = readerOf(principal, user);
  // who sees the history: whoever manages the item's data, or an editor it is shared with (issue 27)
  if (!facts || !UUID.test(revisionId) || !((await mayManageContentData(reader, facts)) || (await contentRoleOf(reader, id, facts)) === 'editor')) notFound();
  const rev = await db().contentRevision.findFirst({ where: { id: revisionId, contentId: id }, select: { number: true, title: true, authorName: true, createdAt: true } });
  if (!rev) notFound();
  const [t, format] = await Promise.all([getTranslations('content.history'), getFormatter()]);
  const back = `/content/${encodeURIComponent(id)}?tab=history`;
  return (
    <div className="page">
      <PageHeader
        title={t('previewTitle', { number: rev.number })}
        breadcrumbs={[{ label: rev.title, href: back }, { label: t('previewTitle', { number: rev.number }) }]}
        description={
          <p className="muted">
            {t('savedBy', { name: rev.authorName ?? t('unknownAuthor') })} · {format.dateTime(rev.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </p>
        }
        actions={
          <ButtonLink href={back} icon={ArrowLeft} variant="ghost">
            {t('backToHistory')}
          </ButtonLink>
        }
      />
      <Card>
        <RevisionPlayer contentId={id} revisionId={revisionId} />
      </Card>
    </div>
  );
}
