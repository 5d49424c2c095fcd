import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { H5pEditor } from '@/components/content/H5pEditor';
import { EditorMissing } from '@/components/content/EditorMissing';
import { editorAvailable } from '@/lib/h5p/engine/paths';
import { CreateGateNotice } from '@/components/content/CreateGateNotice';
import { contentPageMetadata } from '@/components/content/page-title';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { createGate } from '@/lib/plans/create-gate';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('new.title');

export default async function NewContentPage() {
  const { user, principal } = await workspaceContext('/content/new');
  const gate = createGate(principal.role, user);
  const t = await getTranslations('content');
  const ta = await getTranslations('ai');
  return (
    <>
      <div className="page">
        <section className="card">
          <h1>{t('new.title')}</h1>
          <p><Link href="/content">{t('myContent')}</Link></p>
          {gate.allowed ? <p><Link href="/content/ai" data-testid="create-with-ai">{ta('newLink')}</Link> <span className="muted">{ta('newLinkHint')}</span></p> : null}
          {!gate.allowed ? <CreateGateNotice gate={gate} /> : editorAvailable() ? <H5pEditor /> : <EditorMissing admin={principal.role === 'admin'} />}
        </section>
      </div>
    </>
  );
}
