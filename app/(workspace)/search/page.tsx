import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { FolderOpen, LayoutGrid, Store } from 'lucide-react';
import { Badge, Card, EmptyState, PageHeader, Thumbnail } from '@/components/ui';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { requirePageSession } from '@/lib/auth/session';
import { searchCollections } from '@/lib/collections';
import { listContents, listContentsQuery } from '@/lib/h5p/content/content-list';
import { listPublic } from '@/lib/marketplace/service';
import { listQuery } from '@/lib/marketplace/schemas';
import styles from './search.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('shell');
  return { title: t('search.title') };
}

// The top bar's search: the caller's content and collections (teachers) and the marketplace, each a short list
// linking on to the full page with the same words. Each item names its content type in the reader's language.
export default async function SearchPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const { q: raw } = await searchParams;
  const q = (raw ?? '').trim().slice(0, 200);
  const { user, principal } = await requirePageSession(`/search${q ? `?q=${encodeURIComponent(q)}` : ''}`);
  const teacher = isTeacherOrAbove(principal.role);
  const [t, locale] = await Promise.all([getTranslations('shell'), getLocale()]);
  const [mine, collections, market] = q
    ? await Promise.all([
        teacher ? listContents(user.id, listContentsQuery.parse({ search: q, limit: 12 }), locale) : null,
        teacher ? searchCollections(user.id, q, 8) : [],
        // as cards: with the type's title and icon
        listPublic(user.id, listQuery.parse({ search: q, limit: 8, include: 'card' }), locale),
      ])
    : [null, [], null];
  const nothing = q && !mine?.data.length && !collections.length && !market?.data.length;
  return (
    <div className="page">
      <PageHeader title={q ? t('search.resultsFor', { q }) : t('search.title')} />
      <form role="search" action="/search" method="get" className={styles.form}>
        <label htmlFor="search-page-q" className="sr-only">
          {teacher ? t('search.label') : t('search.labelStudent')}
        </label>
        <input id="search-page-q" name="q" type="search" defaultValue={q} placeholder={teacher ? t('search.placeholder') : t('search.placeholderStudent')} />
        <button type="submit">{t('search.submit')}</button>
      </form>
      {nothing ? <EmptyState title={t('search.nothing', { q })} body={t('search.nothingHint')} testId="search-empty" /> : null}
      {mine?.data.length ? (
        <section aria-labelledby="search-content" className={styles.section}>
          <h2 id="search-content" className={styles.heading}>
            <FolderOpen aria-hidden size={18} /> {t('search.myContent')} <Badge>{mine.total}</Badge>
          </h2>
          <ul className={styles.grid}>
            {mine.data.map((c) => (
              <li key={c.id}>
                <Card as="div" padded={false} interactive className={styles.item}>
                  <Thumbnail icon={c.icon} size="sm" />
                  <span className={styles.text}>
                    <Link href={`/content/${c.id}`} className={styles.title} data-testid="search-content-result">
                      {c.title}
                    </Link>
                    <span className="muted" data-testid="search-content-type">
                      {c.contentTypeTitle}
                    </span>
                  </span>
                </Card>
              </li>
            ))}
          </ul>
          <Link href={`/content?q=${encodeURIComponent(q)}`}>{t('search.allContent')}</Link>
        </section>
      ) : null}
      {collections.length ? (
        <section aria-labelledby="search-collections" className={styles.section}>
          <h2 id="search-collections" className={styles.heading}>
            <LayoutGrid aria-hidden size={18} /> {t('nav.collections')}
          </h2>
          <ul className={styles.grid}>
            {collections.map((c) => (
              <li key={c.id}>
                <Card as="div" padded={false} interactive className={styles.item}>
                  <Link href={`/collections/${c.id}`} className={styles.title} data-testid="search-collection-result">
                    {c.title}
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {market?.data.length ? (
        <section aria-labelledby="search-market" className={styles.section}>
          <h2 id="search-market" className={styles.heading}>
            <Store aria-hidden size={18} /> {t('nav.marketplace')}
          </h2>
          <ul className={styles.grid}>
            {market.data.map((c) => (
              <li key={c.id}>
                <Card as="div" padded={false} interactive className={styles.item}>
                  <Thumbnail icon={c.typeIcon ?? null} size="sm" />
                  <span className={styles.text}>
                    <Link href={`/marketplace/${c.id}`} className={styles.title} data-testid="search-market-result">
                      {c.title}
                    </Link>
                    <span className="muted" data-testid="search-market-type">
                      {c.contentTypeTitle ?? c.contentTypeSlug}
                    </span>
                    <span className="muted">{c.authorName}</span>
                  </span>
                </Card>
              </li>
            ))}
          </ul>
          <Link href={`/marketplace?search=${encodeURIComponent(q)}`}>{t('search.allMarketplace')}</Link>
        </section>
      ) : null}
    </div>
  );
}
