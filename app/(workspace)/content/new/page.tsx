import Link from 'next/link';
import { TopBar } from '@/components/workspace/TopBar';
import { H5pEditor } from '@/components/content/H5pEditor';
import { EditorMissing } from '@/components/content/EditorMissing';
import { editorAvailable } from '@/lib/h5p/paths';
import { CreateGateNotice } from '@/components/content/CreateGateNotice';
import { workspaceContext } from '@/lib/h5p/workspace';
import { createGate } from '@/lib/plans/create-gate';

export const dynamic = 'force-dynamic';

export default async function NewContentPage() {
  const { brand, user, principal } = await workspaceContext('/content/new');
  const gate = createGate(principal.role, user);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <h1>Create content</h1>
          <p><Link href="/content">My content</Link></p>
          {!gate.allowed ? <CreateGateNotice gate={gate} /> : editorAvailable() ? <H5pEditor /> : <EditorMissing />}
        </section>
      </main>
    </>
  );
}
