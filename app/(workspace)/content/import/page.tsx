import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { ImportForm } from '@/components/content/ImportForm';
import { CreateGateNotice } from '@/components/content/CreateGateNotice';
import { workspaceContext } from '@/lib/h5p/workspace';
import { createGate } from '@/lib/plans/create-gate';

export const dynamic = 'force-dynamic';

export default async function ImportPage() {
  const { brand, user, principal } = await workspaceContext('/content/import');
  const gate = createGate(principal.role, user);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <h1>Import an H5P package</h1>
          <p><Link href="/content">My content</Link></p>
          <p className="muted">A .h5p file of up to 500 MB. Its content types must be installed (administrators also install the ones it carries).</p>
          {gate.allowed ? <ImportForm /> : <CreateGateNotice gate={gate} />}
        </section>
      </main>
    </>
  );
}
