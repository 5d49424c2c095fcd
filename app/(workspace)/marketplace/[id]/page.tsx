import { playerKeepsOrigin, playerOrigin } from '@/lib/h5p/player/player-origin';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { CircleCheck } from 'lucide-react';
import { H5pPlayer } from '@/components/content/H5pPlayer';
import { CloneForm } from '@/components/marketplace/CloneForm';
import { Reviews } from '@/components/marketplace/Reviews';
import { listReviews } from '@/lib/marketplace/reviews';
import { bloomsLabel, difficultyLabel, licenceLabel } from '@/components/marketplace/labels';
import { Badge, Card, PageHeader, Thumbnail } from '@/components/ui';
import { issuePlayerToken } from '@/lib/auth/embed-token';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { workspaceContext } from '@/lib/h5p/content/workspace';
import { displayDate, publicItem } from '@/lib/marketplace/item';
import { createAllowance } from '@/lib/plans/allowance';
import { forbidsDerivatives } from '@/lib/content/licence';
import styles from './page.module.css';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('marketplace');
  return { title: t('title') };
}

// A public marketplace item: what it is (type, author, licence, description, curriculum, quality, views, clones), a
// preview that plays it, and — for teachers — a clone with a name (disabled with the reason at the month's quota).
// Content that is not public answers the branded 404.
export default async function MarketplaceItemPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { user, principal } = await workspaceContext(`/marketplace/${encodeURIComponent(id)}`);
  // content ids are at most 100 characters (control characters in a path are refused before any page: proxy.ts)
  if (id.length > 100) notFound();
  const locale = await getLocale();
  const item = await publicItem(id, user.id, locale);
  if (!item) notFound();
  const [playerToken, t, format, reviews] = await Promise.all([issuePlayerToken(user.id, item.id), getTranslations('marketplace'), getFormatter(), listReviews(item.id, user, { limit: 10 })]);
  const canClone = isTeacherOrAbove(principal.role);
  const c = item.curriculum;
  const none = t('item.none');
  const facts: [string, string, string][] = [
    [t('item.author'), item.authorName ?? t('item.anonymous'), 'item-author'],
    [
      t('item.contentType'),
      item.contentTypeTitle ? t('item.contentTypeValue', { title: item.contentTypeTitle, slug: item.contentTypeSlug }) : item.contentTypeSlug,
      'item-type',
    ],
    [t('item.licence'), licenceLabel(t, item.license), 'item-licence'],
    [t('item.published'), item.publishedAt ? displayDate(item.publishedAt, locale) : none, 'item-published'],
    [t('item.views'), format.number(item.viewCount), 'item-views'],
    [t('item.clones'), format.number(item.cloneCount), 'item-clones'],
    [t('item.quality'), item.quality ? t('item.qualityValue', { score: format.number(Math.round(item.quality.overallScore)) }) : t('item.notAssessed'), 'item-quality'],
    [t('item.blooms'), item.bloomsLevel ? bloomsLabel(t, item.bloomsLevel) : none, 'item-blooms'],
  ];
  const curriculum: [string, string, string][] = c
    ? [
        [t('item.framework'), c.frameworkName, 'item-framework'],
        [t('item.grade'), c.stageName ? t('item.gradeWithStage', { grade: c.gradeName, stage: c.stageName }) : c.gradeName, 'item-grade'],
        [t('item.subject'), c.subjectName, 'item-subject'],
        [t('item.topics'), c.topicNames.length ? format.list(c.topicNames, { type: 'unit' }) : none, 'item-topics'],
        [t('item.difficulty'), difficultyLabel(t, c.difficulty), 'item-difficulty'],
        [t('item.language'), c.language, 'item-language'],
      ]
    : [[t('item.curriculum'), t('item.notAligned'), 'item-curriculum']];
  const clone = item.viewerClone;
  const allowance = canClone ? createAllowance(user, 'clone') : null;
  const list = (rows: [string, string, string][], testId?: string) => (
    <dl className={styles.facts} data-testid={testId}>
      {rows.map(([label, value, rowTestId]) => (
        <div key={rowTestId} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={rowTestId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <div className="page">
      <PageHeader
        title={item.title}
        titleTestId="item-title"
        breadcrumbs={[{ label: t('title'), href: '/marketplace' }, { label: item.title }]}
        breadcrumbLabel={t('breadcrumb')}
        description={
          <span className={styles.lede}>
            <Badge tone="brand" className={styles.typeBadge}>
              {item.contentTypeTitle ?? item.contentTypeSlug}
            </Badge>
            <span>{t('list.cardMeta', { author: item.authorName ?? t('item.anonymous') })}</span>
          </span>
        }
      />
      {clone ? (
        <p className={styles.notice} role="status" data-testid="already-cloned">
          <CircleCheck aria-hidden className={styles.noticeIcon} />
          <span>
            {clone.contentId
              ? t.rich('item.clonedOn', {
                  date: displayDate(clone.clonedAt, locale),
                  link: (chunks) => <Link href={`/content/${encodeURIComponent(clone.contentId!)}`}>{chunks}</Link>,
                })
              : t('item.clonedOnDeleted', { date: displayDate(clone.clonedAt, locale) })}
          </span>
        </p>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.main}>
          <Card aria-labelledby="preview-heading">
            <h2 id="preview-heading" className={styles.heading}>
              {t('item.preview')}
            </h2>
            <H5pPlayer contentId={item.id} playerToken={playerToken} origin={playerKeepsOrigin() ? playerOrigin() : undefined} title={item.title} />
          </Card>
          <Card aria-labelledby="description-heading">
            <h2 id="description-heading" className={styles.heading}>
              {t('item.description')}
            </h2>
            <p className={styles.description} data-testid="item-description">
              {item.description ?? t('list.noDescription')}
            </p>
          </Card>
          <Card aria-labelledby="reviews-heading">
            <h2 id="reviews-heading" className={styles.heading}>
              {t('reviews.heading')}
            </h2>
            <Reviews contentId={item.id} initial={reviews} />
          </Card>
        </div>
        <aside className={styles.side} aria-label={t('item.details')}>
          {canClone ? (
            <Card aria-labelledby="clone-heading">
              <h2 id="clone-heading" className={styles.heading}>
                {t('item.cloneHeading')}
              </h2>
              {/* a licence without derivatives (ND) cannot be cloned for editing (the API answers 403): say why instead */}
              {forbidsDerivatives(item.license) ? (
                <p className="muted" data-testid="clone-no-derivatives">
                  {t('list.noDerivatives', { licence: licenceLabel(t, item.license) })}
                </p>
              ) : (
                <CloneForm contentId={item.id} title={item.title.slice(0, 255)} allowance={allowance} />
              )}
            </Card>
          ) : null}
          <Card aria-labelledby="details-heading">
            <div className={styles.detailsHead}>
              <Thumbnail icon={item.typeIcon} size="sm" />
              <h2 id="details-heading" className={styles.heading}>
                {t('item.details')}
              </h2>
            </div>
            <div data-testid="item-facts">
              {list(facts)}
              <h3 className={styles.subheading}>{t('item.curriculumHeading')}</h3>
              {list(curriculum)}
            </div>
          </Card>
        </aside>
      </div>
    </div>
  );
}
