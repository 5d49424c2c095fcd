import { CurriculumPicker } from '@/components/curriculum/CurriculumPicker';
import { CurriculumNotice } from '@/components/curriculum/CurriculumNotice';
import { curriculumStatus } from '@/lib/curriculum/read';
import { TopBar } from '@/components/workspace/TopBar';
import { myContents, pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export default async function CurriculumPage() {
  const { user, principal } = await pageUser('/curriculum');
  const curriculum = { ...(await curriculumStatus()), admin: principal.role === 'admin' };
  const { brand } = await currentBrand();
  const contents = await myContents(user.id);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <p><a href="/workspace">← Workspace</a></p>
          <h1>Curriculum metadata</h1>
          {contents.length ? (
            <CurriculumPicker contents={contents} curriculum={curriculum} />
          ) : (
            <>
              <p className="muted">You have no content yet.</p>
              <CurriculumNotice state={curriculum} />
            </>
          )}
        </section>
      </main>
    </>
  );
}
