import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ImportForm } from '@/components/content/ImportForm';
import { CreateGateNotice } from '@/components/content/CreateGateNotice';
import { contentPageMetadata } from '@/components/content/page-title';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { createGate } from '@/lib/plans/create-gate';

export const dynamic = 'force-dynamic';

export const generateMetadata = () => contentPageMetadata('import.title');

export default async function ImportPage() {
  const { user, principal } = await workspaceContext('/content/import');
  const gate = createGate(principal.role, user);
  const t = await getTranslations('content');
  return (
    <>
      <div className="page">
        <section className="card">
          <h1>{t('import.title')}</h1>
          <p><Link href="/content">{t('myContent')}</Link></p>
          <p className="muted">{t('import.hint')}</p>
          {gate.allowed ? <ImportForm /> : <CreateGateNotice gate={gate} />}
        </section>
      </div>
    </>
  );
}
