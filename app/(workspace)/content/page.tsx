import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { ContentActions } from '@/components/content/ContentActions';
import { listContents } from '@/lib/h5p/content';
import { workspaceContext } from '@/lib/h5p/workspace';

export const dynamic = 'force-dynamic';

export default async function MyContentPage() {
  const { token, user, brand } = await workspaceContext('/content');
  const items = await listContents(user.id);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <section className="card">
          <h1>My content</h1>
          <p>
            <Link href="/workspace">Workspace</Link> · <Link href="/content/new" data-testid="new-content">Create content</Link> ·{' '}
            <Link href="/content/import" data-testid="import-link">Import .h5p</Link> · <Link href="/content/types" data-testid="types-link">Content types</Link>
          </p>
          {items.length === 0 ? (
            <p className="muted" data-testid="empty">No content yet.</p>
          ) : (
            <table className="content-table" data-testid="content-list">
              <thead>
                <tr><th>Title</th><th>Type</th><th>Visibility</th><th>Views</th><th>Quality</th><th>Actions</th></tr>
              </thead>
              <tbody>
                {items.map((c) => (
                  <tr key={c.id} data-testid="content-row" data-content-id={c.id}>
                    <td><Link href={`/content/${encodeURIComponent(c.id)}`}>{c.title}</Link></td>
                    <td>{c.contentTypeSlug}</td>
                    <td>{c.visibility}</td>
                    <td data-testid="views">{c.viewCount}</td>
                    <td>{c.quality ? `${Math.round(c.quality.overallScore)} (${c.quality.bloomsLevel})` : '—'}</td>
                    <td>
                      <Link href={`/content/${encodeURIComponent(c.id)}/edit`}>Edit</Link>{' '}
                      <ContentActions contentId={c.id} token={token} visibility={c.visibility} title={c.title} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </main>
    </>
  );
}
