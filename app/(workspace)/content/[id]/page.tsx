import Link from 'next/link';
import { notFound } from 'next/navigation';
import { TopBar } from '@/components/workspace/TopBar';
import { ContentActions } from '@/components/content/ContentActions';
import { EmbedSnippet } from '@/components/content/EmbedSnippet';
import { H5pPlayer } from '@/components/content/H5pPlayer';
import { issueEmbedToken } from '@/lib/auth/embed-token';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { workspaceContext } from '@/lib/h5p/workspace';

export const dynamic = 'force-dynamic';

export default async function PlayContentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { token, user, brand } = await workspaceContext(`/content/${id}`);
  const content = await db().h5pContent.findUnique({ where: { id }, select: { title: true, ownership: true } });
  if (!content) notFound();
  const own = content.ownership?.userId === user.id;
  // the snippet carries an embed token (plays this item only), never the viewer's access token
  const embedToken = await issueEmbedToken(user.id, id);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <section className="card">
          <h1 data-testid="content-title">{content.title}</h1>
          <p>
            <Link href="/content">My content</Link>
            {own ? <> · <Link href={`/content/${encodeURIComponent(id)}/edit`}>Edit</Link></> : null}
          </p>
          {own ? <ContentActions contentId={id} token={token} visibility={content.ownership?.visibility === 'public' ? 'public' : 'private'} title={content.title} /> : null}
        </section>
        <section className="card">
          <H5pPlayer contentId={id} token={token} />
        </section>
        <section className="card">
          <h2>Embed</h2>
          <EmbedSnippet appUrl={config().appUrl} contentId={id} token={embedToken} />
        </section>
      </main>
    </>
  );
}
