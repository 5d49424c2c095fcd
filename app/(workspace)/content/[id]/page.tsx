import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ContentAiActions } from '@/components/ai/ContentAiActions';
import { ContentActions } from '@/components/content/ContentActions';
import { EmbedSnippet } from '@/components/content/EmbedSnippet';
import { H5pPlayer } from '@/components/content/H5pPlayer';
import { contentPageMetadata } from '@/components/content/page-title';
import { issueEmbedToken, issuePlayerToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { canReadContent, readerOf } from '@/lib/h5p/content/access';
import { playerKeepsOrigin, playerOrigin } from '@/lib/h5p/player/player-origin';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { PLANS, planHasFeature, requiredPlanFor, scormPlanFor, type FeatureFlag } from '@/lib/plans/plans';
import { aiConfigured } from '@/lib/ai/client';
import { GENERABLE_TYPES } from '@/lib/ai/generate';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { usageOf } from '@/lib/plans/quota';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('play.metaTitle');

export default async function PlayContentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, principal } = await workspaceContext(`/content/${id}`);
  const content = await db().h5pContent.findUnique({ where: { id }, select: { title: true, mainLibrary: true, ownership: true } });
  if (!content || !(await canReadContent(readerOf(principal, user), id))) notFound();
  const own = content.ownership?.userId === user.id;
  // the player frame holds a token for this item and this viewer only; only the owner gets an embed snippet
  const playerToken = await issuePlayerToken(user.id, id);
  const embedToken = own ? await issueEmbedToken(user.id, id) : null;
  const t = await getTranslations('content');
  // AI tools (issue 13) for teachers and admins who can read the item; what the plan lacks is decided here
  const aiTools = isTeacherOrAbove(principal.role);
  const aiReady = aiTools && aiConfigured();
  const aiUsage = aiReady ? await usageOf(user) : null;
  const aiGate = (flag: FeatureFlag) => ({ allowed: planHasFeature(user.plan, flag), plan: PLANS[requiredPlanFor(flag)].name });
  return (
    <>
      <div className="page">
        <section className="card">
          <h1 data-testid="content-title">{content.title}</h1>
          <p>
            <Link href="/content">{t('myContent')}</Link>
            {own ? <> · <Link href={`/content/${encodeURIComponent(id)}/edit`}>{t('play.edit')}</Link> · <Link href={`/results/content/${encodeURIComponent(id)}`} data-testid="content-results-link">{t('play.results')}</Link></> : null}
          </p>
          {own ? <ContentActions contentId={id} visibility={content.ownership?.visibility === 'public' ? 'public' : 'private'} title={content.title} scormPlan={scormPlanFor(user.plan)} /> : null}
        </section>
        <section className="card">
          <H5pPlayer contentId={id} playerToken={playerToken} origin={playerKeepsOrigin() ? playerOrigin() : undefined} title={content.title} />
        </section>
        {aiTools ? (
          <ContentAiActions
            contentId={id}
            contentType={content.mainLibrary}
            configured={aiReady}
            credits={aiUsage ? { used: aiUsage.aiUsed, limit: aiUsage.aiLimit } : null}
            critique={aiGate('blooms-critique')}
            differentiate={aiGate('differentiation')}
            remix={aiGate('content-remixer')}
            differentiable={(GENERABLE_TYPES as string[]).includes(content.mainLibrary)}
          />
        ) : null}
        {embedToken ? (
          <section className="card">
            <h2>{t('play.embed')}</h2>
            <EmbedSnippet playerOrigin={playerOrigin()} contentId={id} token={embedToken} title={content.title} askName={content.ownership?.embedAskName ?? false} />
          </section>
        ) : null}
      </div>
    </>
  );
}
