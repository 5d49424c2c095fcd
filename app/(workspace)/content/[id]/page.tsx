import { notFound } from 'next/navigation';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { ContentAiActions } from '@/components/ai/ContentAiActions';
import { ContentActions, ContentVisibility, VisibilityBadge } from '@/components/content/ContentActions';
import { EmbedSnippet } from '@/components/content/EmbedSnippet';
import { contentPageMetadata } from '@/components/content/page-title';
import { ContentTabs } from '@/components/content/page/ContentTabs';
import { HistoryPanel } from '@/components/content/history/HistoryPanel';
import { EditingNotice } from '@/components/content/history/EditingNotice';
import { OriginNote } from '@/components/content/OriginNote';
import { PreviewPanel } from '@/components/content/page/PreviewPanel';
import { RightsOfUseProvider } from '@/components/content/page/RightsContext';
import { RightsDetails } from '@/components/content/page/RightsDetails';
import styles from '@/components/content/page/ContentPage.module.css';
import { Badge, Card, PageHeader, StatGrid } from '@/components/ui';
import { issueEmbedToken, issuePlayerToken, issuePreviewToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { typeTitle } from '@/lib/h5p';
import { contentOriginOf, currentRevisionOf } from '@/lib/h5p/content/content';
import { rightsOfMetadata } from '@/lib/h5p/content/rights';
import { contentPassMark } from '@/lib/h5p/export/mastery';
import { canReadContent, contentAccessFacts, mayManageContentData, readerOf } from '@/lib/h5p/content/access';
import { contentRoleOf } from '@/lib/h5p/content/roles';
import { playerKeepsOrigin, playerOrigin } from '@/lib/h5p/player/player-origin';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { PLANS, planHasFeature, requiredPlanFor, scormPlanFor, type FeatureFlag } from '@/lib/plans/plans';
import { aiConfigured } from '@/lib/ai/client';
import { GENERABLE_TYPES } from '@/lib/ai/generate';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { usageOf } from '@/lib/plans/quota';
import { isBloomLevel } from '@/lib/content/blooms';
import { contentResultsSummary } from '@/lib/results/overview';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('play.metaTitle');

// The content page: its header (title, type, status, the owner's actions) and four tabs — Preview (the player with
// H5P's reuse / embed / rights-of-use bar, and "Preview as learner" that records nothing), Share & embed, Results
// (the owner's) and Details (licence and authors from the H5P metadata, curriculum, quality, tags).
export default async function PlayContentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, principal } = await workspaceContext(`/content/${id}`);
  const content = await db().h5pContent.findUnique({
    where: { id },
    select: { title: true, mainLibrary: true, metadata: true, createdAt: true, updatedAt: true, ownership: true, originContentId: true, originTitle: true, originAuthor: true, originLicense: true, quality: { select: { overallScore: true, bloomsLevel: true } }, tags: { select: { tag: true }, orderBy: { tag: 'asc' } } },
  });
  const reader = readerOf(principal, user);
  if (!content || !(await canReadContent(reader, id))) notFound();
  const own = content.ownership?.userId === user.id;
  // a colleague the item is shared with (issue 27): an editor gets Edit, the exports and the results; a viewer plays
  const role = own ? 'owner' : await contentRoleOf(reader, id);
  const editor = role === 'editor';
  const shared = role === 'editor' || role === 'viewer';
  // the History tab: for whoever may see the item's revisions (owner, an editor, an admin of the owner's tenant, a super admin)
  const facts = await contentAccessFacts(id);
  const seesHistory = editor || (!!facts && (await mayManageContentData(reader, facts)));
  const pub = content.ownership?.visibility === 'public';
  // the player frame holds a token for this item and this viewer only; only the owner gets an embed snippet
  const [playerToken, previewToken, embedToken, t, tc, format, lib, curriculum, summary, usedIn, stored] = await Promise.all([
    issuePlayerToken(user.id, id),
    isTeacherOrAbove(principal.role) ? issuePreviewToken(user.id, id) : null,
    own ? issueEmbedToken(user.id, id) : null,
    getTranslations('content.page'),
    getTranslations('content'),
    getFormatter(),
    db().h5pLibrary.findFirst({ where: { machineName: content.mainLibrary }, orderBy: [{ majorVersion: 'desc' }, { minorVersion: 'desc' }], select: { title: true } }),
    db().contentCurriculumMetadata.findUnique({ where: { contentId: id } }),
    own || editor ? contentResultsSummary(id) : null,
    own ? db().collectionItem.count({ where: { contentId: id } }) : 0,
    // the default pass mark of a SCORM/cmi5 export (the owner's dialog says which it is)
    own || editor ? db().h5pContent.findUnique({ where: { id }, select: { parameters: true } }) : null,
  ]);
  const typeName = typeTitle(content.mainLibrary, await getLocale(), lib?.title);
  // AI tools (issue 13) for teachers and admins who can read the item; what the plan lacks is decided here
  const aiTools = isTeacherOrAbove(principal.role);
  const aiReady = aiTools && aiConfigured();
  const aiUsage = aiReady ? await usageOf(user) : null;
  const aiGate = (flag: FeatureFlag) => ({ allowed: planHasFeature(user.plan, flag), plan: PLANS[requiredPlanFor(flag)].name });
  // H5P's rights of use (licence, authors, years, source, change log) and, for a clone, where it came from; the owner
  // and an editor edit them on the Details tab on top of the latest revision
  const contentOrigin = contentOriginOf(content);
  const rights = { ...rightsOfMetadata(content.metadata), origin: contentOrigin };
  const canEditRights = own || editor;
  const rightsRevision = canEditRights ? await currentRevisionOf(id) : null;
  const origin = playerKeepsOrigin() ? playerOrigin() : undefined;
  const pct = (v: number) => format.number(v, { style: 'percent', maximumFractionDigits: 0 });
  const visibility = pub ? 'public' : 'private';
  return (
    <ContentVisibility initial={visibility}>
      <RightsOfUseProvider initial={rights} revision={rightsRevision}>
      <div className="page">
        <PageHeader
          breadcrumbs={
            own
              ? [{ label: t('myContent'), href: '/content' }, { label: content.title }]
              : shared
                ? [{ label: tc('sharing.sharedWithMe'), href: '/content?library=shared' }, { label: content.title }]
                : [{ label: t('marketplace'), href: '/marketplace' }, { label: content.title }]
          }
          title={<span data-testid="content-title">{content.title}</span>}
          description={
            <p className={styles.meta}>
              <span>{typeName}</span>
              {content.ownership ? <VisibilityBadge initial={visibility} /> : null}
              {shared ? (
                <Badge tone="info" data-testid="shared-role">
                  {tc(`sharing.roles.${role}`)}
                </Badge>
              ) : null}
              <span>
                {t('updated')}: {format.relativeTime(content.updatedAt)}
              </span>
            </p>
          }
          actions={
            own || editor ? (
              <ContentActions
                role={own ? 'owner' : 'editor'}
                contentId={id}
                visibility={visibility}
                title={content.title}
                scormPlan={scormPlanFor(user.plan)}
                usedInCollections={usedIn}
                contentPassMark={contentPassMark(stored?.parameters)}
              />
            ) : null
          }
        />
        <OriginNote origin={contentOrigin} />
        {seesHistory ? <EditingNotice contentId={id} announce={false} /> : null}
        <ContentTabs
          preview={
            <>
              <PreviewPanel contentId={id} title={content.title} playerToken={playerToken} previewToken={previewToken} origin={origin} canReuse={own} canEmbed={own} />
              {aiTools ? (
                <div className={styles.aiTools}>
                  <ContentAiActions
                    contentId={id}
                    contentType={content.mainLibrary}
                    configured={aiReady}
                    admin={principal.role === 'admin'}
                    credits={aiUsage ? { used: aiUsage.aiUsed, limit: aiUsage.aiLimit } : null}
                    critique={aiGate('blooms-critique')}
                    differentiate={aiGate('differentiation')}
                    remix={aiGate('content-remixer')}
                    differentiable={(GENERABLE_TYPES as string[]).includes(content.mainLibrary)}
                  />
                </div>
              ) : null}
            </>
          }
          share={
            embedToken ? (
              <Card>
                <h2>{tc('play.embed')}</h2>
                <p className="muted">{t('shareIntro')}</p>
                <EmbedSnippet playerOrigin={playerOrigin()} contentId={id} token={embedToken} title={content.title} askName={content.ownership?.embedAskName ?? false} />
                {pub ? (
                  <p>
                    <a href={`/marketplace/${encodeURIComponent(id)}`}>{t('publicLink')}</a>
                  </p>
                ) : null}
              </Card>
            ) : (
              <Card>
                <p className="muted">{t('shareOwnerOnly')}</p>
              </Card>
            )
          }
          results={
            summary ? (
              <Card>
                <p className="muted">{t('resultsIntro')}</p>
                <StatGrid
                  items={[
                    { label: t('attempts'), value: format.number(summary.attempts), testId: 'summary-attempts' },
                    { label: t('learners'), value: format.number(summary.learners), testId: 'summary-learners' },
                    { label: t('average'), value: summary.averageScaled === null ? '—' : pct(summary.averageScaled), testId: 'summary-average' },
                    { label: t('views'), value: format.number(summary.views) },
                  ]}
                />
                <p>
                  <a href={`/results/content/${encodeURIComponent(id)}`}>{t('allResults')}</a>
                </p>
              </Card>
            ) : null
          }
          history={seesHistory ? <HistoryPanel contentId={id} canRestore={own || editor || !content.ownership} /> : null}
          details={
            <div className={styles.detailsGrid}>
              <Card aria-labelledby="details-rights">
                <h2 id="details-rights">{t('rightsSection')}</h2>
                <RightsDetails contentId={id} canEdit={canEditRights} />
              </Card>
              <Card aria-labelledby="details-curriculum">
                <h2 id="details-curriculum">{t('curriculum')}</h2>
                {curriculum ? (
                  <dl className="facts">
                    <dt>{curriculum.frameworkName}</dt>
                    <dd>{[curriculum.stageName, curriculum.gradeName, curriculum.subjectName].filter(Boolean).join(' · ')}</dd>
                    {curriculum.topicNames.length ? (
                      <>
                        <dt>{t('topics')}</dt>
                        <dd>{curriculum.topicNames.join(', ')}</dd>
                      </>
                    ) : null}
                  </dl>
                ) : (
                  <p className="muted">{t('noCurriculum')}</p>
                )}
              </Card>
              <Card aria-labelledby="details-quality">
                <h2 id="details-quality">{t('quality')}</h2>
                {content.quality ? (
                  <dl className="facts">
                    <dt>{t('quality')}</dt>
                    <dd data-testid="details-quality">{t('qualityScore', { score: Math.round(content.quality.overallScore) })}</dd>
                    <dt>{t('bloom')}</dt>
                    <dd>{isBloomLevel(content.quality.bloomsLevel) ? tc(`list.bloom.${content.quality.bloomsLevel}`) : content.quality.bloomsLevel}</dd>
                  </dl>
                ) : (
                  <p className="muted">{t('noQuality')}</p>
                )}
              </Card>
              <Card aria-labelledby="details-tags">
                <h2 id="details-tags">{t('tags')}</h2>
                {content.tags.length ? (
                  <ul className={styles.tagList}>
                    {content.tags.map((x) => (
                      <li key={x.tag}>
                        <Badge>{x.tag}</Badge>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{t('noTags')}</p>
                )}
                <dl className="facts">
                  <dt>{t('created')}</dt>
                  <dd>{format.dateTime(content.createdAt, { dateStyle: 'medium' })}</dd>
                </dl>
              </Card>
            </div>
          }
        />
      </div>
      </RightsOfUseProvider>
    </ContentVisibility>
  );
}
