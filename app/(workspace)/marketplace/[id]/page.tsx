import Link from 'next/link';
import { notFound } from 'next/navigation';
import { H5pPlayer } from '@/components/content/H5pPlayer';
import { CloneForm } from '@/components/marketplace/CloneForm';
import { TopBar } from '@/components/workspace/TopBar';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { workspaceContext } from '@/lib/h5p/workspace';
import { displayDate, publicItem } from '@/lib/marketplace/item';
import styles from './page.module.css';

export const dynamic = 'force-dynamic';

// A public marketplace item: what it is (author, type, curriculum, quality, views, clones), a preview that plays
// it, and — for teachers — a clone with a name. Content that is not public answers the branded 404.
export default async function MarketplaceItemPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, principal, brand } = await workspaceContext(`/marketplace/${encodeURIComponent(id)}`);
  // content ids are at most 100 characters (control characters in a path are refused before any page: proxy.ts)
  if (id.length > 100) notFound();
  const item = await publicItem(id, user.id);
  if (!item) notFound();
  const playerToken = await issuePlayerToken(user.id, item.id);
  const canClone = isTeacherOrAbove(principal.role);
  const c = item.curriculum;
  const rows: [string, string, string][] = [
    ['Author', item.authorName, 'item-author'],
    ['Content type', item.contentTypeTitle ? `${item.contentTypeTitle} (${item.contentTypeSlug})` : item.contentTypeSlug, 'item-type'],
    ['Published', item.publishedAt ? displayDate(item.publishedAt) : '—', 'item-published'],
    ['Views', String(item.viewCount), 'item-views'],
    ['Clones', String(item.cloneCount), 'item-clones'],
    ['Quality', item.quality ? `${Math.round(item.quality.overallScore)} / 100` : 'Not assessed yet', 'item-quality'],
    ["Bloom's level", item.quality ? item.quality.bloomsLevel : '—', 'item-blooms'],
  ];
  if (c) {
    rows.push(
      ['Framework', c.frameworkName, 'item-framework'],
      ['Grade', c.stageName ? `${c.gradeName} (${c.stageName})` : c.gradeName, 'item-grade'],
      ['Subject', c.subjectName, 'item-subject'],
      ['Topics', c.topicNames.length ? c.topicNames.join(', ') : '—', 'item-topics'],
      ['Difficulty', c.difficulty, 'item-difficulty'],
      ['Language', c.language, 'item-language'],
    );
  } else {
    rows.push(['Curriculum', 'Not aligned to a curriculum', 'item-curriculum']);
  }
  const clone = item.viewerClone;
  return (
    <>
      <TopBar brand={brand} signedIn />
      <main id="main">
        <section className="card">
          <p>
            <Link href="/marketplace">← Marketplace</Link>
          </p>
          <h1 data-testid="item-title">{item.title}</h1>
          {clone ? (
            <p className="notice" role="status" data-testid="already-cloned">
              You cloned this on {displayDate(clone.clonedAt)}
              {clone.contentId ? (
                <>
                  {' — '}
                  <Link href={`/content/${encodeURIComponent(clone.contentId)}`}>open your copy</Link>
                </>
              ) : (
                ' (that copy has since been deleted)'
              )}
              .
            </p>
          ) : null}
          <dl className={styles.facts} data-testid="item-facts">
            {rows.map(([label, value, testId]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd data-testid={testId}>{value}</dd>
              </div>
            ))}
          </dl>
          {canClone ? <CloneForm contentId={item.id} title={item.title.slice(0, 255)} /> : null}
        </section>
        <section className="card" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview</h2>
          <H5pPlayer contentId={item.id} playerToken={playerToken} title={item.title} />
        </section>
      </main>
    </>
  );
}
