import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { ContentTypes } from '@/components/content/ContentTypes';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { hubReachable, installedLibraries } from '@/lib/h5p/hub';
import { workspaceContext } from '@/lib/h5p/workspace';

export const dynamic = 'force-dynamic';

export default async function ContentTypesPage() {
  const { brand, principal } = await workspaceContext('/content/types');
  const canInstall = isTeacherOrAbove(principal.role);
  const [reachable, libraries] = await Promise.all([canInstall ? hubReachable() : Promise.resolve(true), installedLibraries()]);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <h1>Content types</h1>
          <p>
            <Link href="/content">My content</Link>
          </p>
          {canInstall && !reachable ? (
            <p className="notice" role="status" data-testid="hub-unreachable">
              The H5P Hub cannot be reached from the server right now, so content types cannot be installed from it. You can{' '}
              <Link href="/content/import">import a .h5p file</Link> instead; an administrator can import packages that bring new content types.
            </p>
          ) : null}
          <ContentTypes canInstall={canInstall && reachable} />
        </section>
        <section className="card">
          <h2>Installed libraries</h2>
          {libraries.length ? (
            <table className="libraries" data-testid="installed-libraries">
              <caption className="sr-only">Installed H5P libraries and their versions</caption>
              <thead>
                <tr>
                  <th scope="col">Library</th>
                  <th scope="col">Machine name</th>
                  <th scope="col">Versions</th>
                </tr>
              </thead>
              <tbody>
                {libraries.map((l) => (
                  <tr key={l.machineName} data-testid={`library-${l.machineName}`}>
                    <td>
                      {l.title}
                      {l.runnable ? <span className="muted"> · content type</span> : null}
                    </td>
                    <td>
                      <code>{l.machineName}</code>
                    </td>
                    <td>{l.versions.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="muted">No libraries are installed yet.</p>
          )}
        </section>
      </main>
    </>
  );
}
