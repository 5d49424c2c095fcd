import { CurriculumPicker } from '@/components/curriculum/CurriculumPicker';
import { TopBar } from '@/components/workspace/TopBar';
import { myContents, pageUser } from '@/lib/marketplace/page-user';
import { currentBrand } from '@/lib/tenant/current';

export default async function CurriculumPage() {
  const { token, user } = await pageUser('/curriculum');
  const { brand } = await currentBrand();
  const contents = await myContents(user.id);
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main>
        <section className="card">
          <p><a href="/workspace">← Workspace</a></p>
          <h1>Curriculum metadata</h1>
          {contents.length ? <CurriculumPicker token={token} contents={contents} /> : <p className="muted">You have no content yet.</p>}
        </section>
      </main>
    </>
  );
}
