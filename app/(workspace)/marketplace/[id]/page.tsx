import { playerKeepsOrigin, playerOrigin } from '@/lib/h5p/player/player-origin';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { H5pPlayer } from '@/components/content/H5pPlayer';
import { CloneForm } from '@/components/marketplace/CloneForm';
import { bloomsLabel, difficultyLabel } from '@/components/marketplace/labels';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { displayDate, publicItem } from '@/lib/marketplace/item';
import styles from './page.module.css';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('marketplace');
  return { title: t('title') };
}

// A public marketplace item: what it is (author, type, curriculum, quality, views, clones), a preview that plays
// it, and — for teachers — a clone with a name. Content that is not public answers the branded 404.
export default async function MarketplaceItemPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, principal } = await workspaceContext(`/marketplace/${encodeURIComponent(id)}`);
  // content ids are at most 100 characters (control characters in a path are refused before any page: proxy.ts)
  if (id.length > 100) notFound();
  const item = await publicItem(id, user.id);
  if (!item) notFound();
  const [playerToken, t, format, locale] = await Promise.all([issuePlayerToken(user.id, item.id), getTranslations('marketplace'), getFormatter(), getLocale()]);
  const canClone = isTeacherOrAbove(principal.role);
  const c = item.curriculum;
  const none = t('item.none');
  const rows: [string, string, string][] = [
    [t('item.author'), item.authorName ?? t('item.anonymous'), 'item-author'],
    [
      t('item.contentType'),
      item.contentTypeTitle ? t('item.contentTypeValue', { title: item.contentTypeTitle, slug: item.contentTypeSlug }) : item.contentTypeSlug,
      'item-type',
    ],
    [t('item.published'), item.publishedAt ? displayDate(item.publishedAt, locale) : none, 'item-published'],
    [t('item.views'), format.number(item.viewCount), 'item-views'],
    [t('item.clones'), format.number(item.cloneCount), 'item-clones'],
    [t('item.quality'), item.quality ? t('item.qualityValue', { score: format.number(Math.round(item.quality.overallScore)) }) : t('item.notAssessed'), 'item-quality'],
    [t('item.blooms'), item.bloomsLevel ? bloomsLabel(t, item.bloomsLevel) : none, 'item-blooms'],
  ];
  if (c) {
    rows.push(
      [t('item.framework'), c.frameworkName, 'item-framework'],
      [t('item.grade'), c.stageName ? t('item.gradeWithStage', { grade: c.gradeName, stage: c.stageName }) : c.gradeName, 'item-grade'],
      [t('item.subject'), c.subjectName, 'item-subject'],
      [t('item.topics'), c.topicNames.length ? format.list(c.topicNames, { type: 'unit' }) : none, 'item-topics'],
      [t('item.difficulty'), difficultyLabel(t, c.difficulty), 'item-difficulty'],
      [t('item.language'), c.language, 'item-language'],
    );
  } else {
    rows.push([t('item.curriculum'), t('item.notAligned'), 'item-curriculum']);
  }
  const clone = item.viewerClone;
  return (
    <>
      <div className="page">
        <section className="card">
          <p>
            <Link href="/marketplace">{t('backToMarketplace')}</Link>
          </p>
          <h1 data-testid="item-title">{item.title}</h1>
          {clone ? (
            <p className="notice" role="status" data-testid="already-cloned">
              {clone.contentId
                ? t.rich('item.clonedOn', {
                    date: displayDate(clone.clonedAt, locale),
                    link: (chunks) => <Link href={`/content/${encodeURIComponent(clone.contentId!)}`}>{chunks}</Link>,
                  })
                : t('item.clonedOnDeleted', { date: displayDate(clone.clonedAt, locale) })}
            </p>
          ) : null}
          <dl className={styles.facts} data-testid="item-facts">
            {rows.map(([label, value, testId]) => (
              <div key={testId}>
                <dt>{label}</dt>
                <dd data-testid={testId}>{value}</dd>
              </div>
            ))}
          </dl>
          {canClone ? <CloneForm contentId={item.id} title={item.title.slice(0, 255)} /> : null}
        </section>
        <section className="card" aria-labelledby="preview-heading">
          <h2 id="preview-heading">{t('item.preview')}</h2>
          <H5pPlayer contentId={item.id} playerToken={playerToken} origin={playerKeepsOrigin() ? playerOrigin() : undefined} title={item.title} />
        </section>
      </div>
    </>
  );
}
