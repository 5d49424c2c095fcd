import Link from 'next/link';
import { notFound } from 'next/navigation';
import { TopBar } from '@/components/workspace/TopBar';
import { ContentActions } from '@/components/content/ContentActions';
import { EmbedSnippet } from '@/components/content/EmbedSnippet';
import { H5pPlayer } from '@/components/content/H5pPlayer';
import { issueEmbedToken, issuePlayerToken } from '@/lib/auth/embed-token';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { canReadContent, readerOf } from '@/lib/h5p/access';
import { workspaceContext } from '@/lib/h5p/workspace';
import { scormPlanFor } from '@/lib/plans/plans';

export const dynamic = 'force-dynamic';

export default async function PlayContentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, principal, brand } = await workspaceContext(`/content/${id}`);
  const content = await db().h5pContent.findUnique({ where: { id }, select: { title: true, ownership: true } });
  if (!content || !(await canReadContent(readerOf(principal, user), id))) notFound();
  const own = content.ownership?.userId === user.id;
  // the player frame holds a token for this item and this viewer only; only the owner gets an embed snippet
  const playerToken = await issuePlayerToken(user.id, id);
  const embedToken = own ? await issueEmbedToken(user.id, id) : null;
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <h1 data-testid="content-title">{content.title}</h1>
          <p>
            <Link href="/content">My content</Link>
            {own ? <> · <Link href={`/content/${encodeURIComponent(id)}/edit`}>Edit</Link></> : null}
          </p>
          {own ? <ContentActions contentId={id} visibility={content.ownership?.visibility === 'public' ? 'public' : 'private'} title={content.title} scormPlan={scormPlanFor(user.plan)} /> : null}
        </section>
        <section className="card">
          <H5pPlayer contentId={id} playerToken={playerToken} title={content.title} />
        </section>
        {embedToken ? (
          <section className="card">
            <h2>Embed</h2>
            <EmbedSnippet appUrl={config().appUrl} contentId={id} token={embedToken} title={content.title} />
          </section>
        ) : null}
      </main>
    </>
  );
}
