'use client';
// The marketplace list: search, the content type and curriculum filters, sort, and pages of public content as cards
// (the type's icon on the brand colour, title, type, author, description, licence, curriculum, quality, views), and —
// for teachers — a clone of a result into the caller's own content, counted against the month's quota. At the quota
// the Clone buttons are disabled with the reason and the way to a plan that allows more (QuotaReason), before any click.
import { Copy, Eye, Search, SearchX, Sparkles, Store } from 'lucide-react';
import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, EmptyState, Pagination, Skeleton, Thumbnail } from '@/components/ui';
import { useToast } from '@/components/ui/Toaster';
import { callApi, ApiCallError } from '@/components/shared/api';
import { QuotaReason, type QuotaReasonProps } from '@/components/plans/QuotaReason';
import { difficultyLabel, licenceLabel } from './labels';
import { forbidsDerivatives, LICENCE_CODES, LICENCE_KEYS } from '@/lib/content/licence';
import type { FacetNames, Facets, PublicItem as Item } from '@/lib/marketplace/schemas';
import type { PublicType } from '@/lib/marketplace/service';
import { useThumbFallback } from '@/components/content/library/parts';
import { Stars } from './Reviews';
import styles from './Marketplace.module.css';

type Names = Partial<FacetNames>;

const FILTERS = [
  { key: 'frameworkCode', facet: 'frameworks' },
  { key: 'gradeCode', facet: 'grades' },
  { key: 'subjectCode', facet: 'subjects' },
  { key: 'difficulty', facet: 'difficulties' },
  { key: 'language', facet: 'languages' },
] as const satisfies readonly { key: string; facet: keyof Facets }[];
const SORTS = ['newest', 'popular', 'quality', 'rating'] as const;
const PAGE = 20;
const REASON_ID = 'clone-quota-reason';

export function MarketplaceBrowser({
  contentsUsed,
  contentsLimit,
  canClone = true,
  types = [],
  atLimit = null,
}: {
  contentsUsed: number;
  contentsLimit: number;
  /** teachers clone; a student is not offered it */ canClone?: boolean;
  /** the content types public content has (the type filter) */ types?: PublicType[];
  /** what the clone's reason says once the quota is used up (lib/plans/allowance.ts createAllowance at the limit); null: unlimited */
  atLimit?: QuotaReasonProps | null;
}) {
  const [facets, setFacets] = useState<Facets | null>(null);
  const [names, setNames] = useState<Names>({});
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sortBy, setSortBy] = useState('newest');
  const [offset, setOffset] = useState(0);
  const [items, setItems] = useState<Item[] | null>(null);
  const [total, setTotal] = useState(0);
  const [used, setUsed] = useState(contentsUsed);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const t = useTranslations('marketplace');
  const tr = useTranslations('marketplace.reviews');
  const tl = useTranslations('common.licences');
  const format = useFormatter();
  const toast = useToast();

  useEffect(() => {
    callApi<Facets>('GET', '/api/marketplace/public-contents/facets')
      .then((r) => {
        setFacets(r.data);
        setNames((r.names as Names) ?? {});
      })
      .catch((e: Error) => setError(e.message));
  }, []);

  const load = useCallback(async () => {
    const q = new URLSearchParams({ sortBy, offset: String(offset), limit: String(PAGE), include: 'card' });
    if (search.trim()) q.set('search', search.trim());
    for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
    try {
      const r = await callApi<Item[]>('GET', `/api/marketplace/public-contents?${q}`);
      setItems(r.data);
      setTotal(r.total ?? 0);
      setError('');
    } catch (e) {
      setError((e as Error).message);
    }
  }, [sortBy, offset, search, filters]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 200);
    return () => clearTimeout(timer);
  }, [load]);

  const unlimited = contentsLimit === -1;
  const [full, setFull] = useState(!unlimited && contentsUsed >= contentsLimit);
  const blocked = full || (!unlimited && used >= contentsLimit);

  async function clone(item: Item) {
    setStatus('');
    setBusy(item.id);
    try {
      const r = await callApi<{ contentId: string }>('POST', `/api/marketplace/public-contents/${encodeURIComponent(item.id)}/clone`);
      setUsed((u) => u + 1);
      setStatus(t('list.cloned', { title: item.title, id: r.data.contentId }));
      toast({ title: t('toast.cloned', { title: item.title }), description: t('toast.clonedDescription') });
    } catch (e) {
      const message = (e as Error).message;
      // the quota was used up elsewhere (another tab): the buttons say so from now on
      if (e instanceof ApiCallError && e.status === 403 && atLimit) setFull(true);
      setStatus(t('list.cloneFailed', { message }));
      toast({ title: t('toast.cloneFailed', { title: item.title }), description: message, tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  const setFilter = (key: string, value: string) => {
    setFilters({ ...filters, [key]: value });
    setOffset(0);
  };
  const filtered = Boolean(search.trim()) || Object.values(filters).some(Boolean);

  return (
    <div className={styles.browser}>
      <div className={styles.controls}>
        <div className={styles.searchRow}>
          <label className={styles.search}>
            <Search aria-hidden className={styles.searchIcon} />
            <span className="sr-only">{t('list.search')}</span>
            <input
              type="search"
              placeholder={t('list.searchPlaceholder')}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setOffset(0);
              }}
              data-testid="search"
            />
          </label>
          <select
            aria-label={t('list.sort')}
            value={sortBy}
            onChange={(e) => {
              setSortBy(e.target.value);
              setOffset(0);
            }}
            data-testid="sort"
            className={styles.select}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`list.sortBy.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filters} role="group" aria-label={t('list.filters')}>
          <select
            aria-label={t('list.filter.contentType')}
            value={filters.contentType ?? ''}
            onChange={(e) => setFilter('contentType', e.target.value)}
            data-testid="filter-contentType"
            className={styles.select}
          >
            <option value="">{t('list.any', { filter: t('list.filter.contentType') })}</option>
            {types.map((ty) => (
              <option key={ty.machineName} value={ty.machineName}>
                {ty.title}
              </option>
            ))}
          </select>
          {/* the licence (H5P's code, any version): e.g. only content others may adapt */}
          <select
            aria-label={t('list.filter.license')}
            value={filters.license ?? ''}
            onChange={(e) => setFilter('license', e.target.value)}
            data-testid="filter-license"
            className={styles.select}
          >
            <option value="">{t('list.any', { filter: t('list.filter.license') })}</option>
            {LICENCE_CODES.map((c) => (
              <option key={c} value={c}>
                {tl(LICENCE_KEYS[c])}
              </option>
            ))}
          </select>
          {FILTERS.map((f) => (
            <select
              key={f.key}
              aria-label={t(`list.filter.${f.key}`)}
              value={filters[f.key] ?? ''}
              onChange={(e) => setFilter(f.key, e.target.value)}
              data-testid={`filter-${f.key}`}
              className={styles.select}
            >
              <option value="">{t('list.any', { filter: t(`list.filter.${f.key}`) })}</option>
              {(facets?.[f.facet] ?? []).map((v) => (
                <option key={v} value={v}>
                  {names[f.facet]?.[v] ?? (f.facet === 'difficulties' ? difficultyLabel(t, v) : v)}
                </option>
              ))}
            </select>
          ))}
        </div>
      </div>

      <div className={styles.summaryRow}>
        <p className={styles.muted} data-testid="total" aria-live="polite">
          {t('list.total', { count: total })}
        </p>
        {/* a student cannot clone: no quota to show (issue 25 item 2) */}
        {canClone ? (
          <p className={styles.muted} data-testid="quota">
            {t('list.quota', { used: format.number(used), limit: unlimited ? t('list.unlimited') : format.number(contentsLimit) })}
          </p>
        ) : null}
      </div>
      {canClone && blocked && atLimit ? <QuotaReason {...atLimit} used={Math.max(used, atLimit.used ?? 0)} id={REASON_ID} testId="clone-quota-reason" /> : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {status ? (
        <p role="status" className={styles.status} data-testid="clone-status">
          {status}
        </p>
      ) : null}

      {items === null ? (
        <Skeleton variant="card" count={3} label={t('list.loading')} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} title={t('list.empty')} body={t('list.emptyBody')} testId="results-empty" />
        ) : (
          <EmptyState icon={Store} title={t('list.emptyAll')} body={t('list.emptyAllBody')} testId="results-empty" />
        )
      ) : null}
      <ul className={styles.grid} data-testid="results">
        {(items ?? []).map((it) => {
          const titleId = `mk-title-${it.id}`;
          // a licence without derivatives: no clone (the API refuses it too); collections and embedding still work
          const noDerivatives = forbidsDerivatives(it.license);
          const ndId = `mk-nd-${it.id}`;
          const c = it.curriculum;
          const chips = c ? [c.frameworkName, c.gradeName, c.subjectName, difficultyLabel(t, c.difficulty), c.language].filter((x): x is string => Boolean(x && x.trim())) : [];
          return (
            <Card as="li" padded={false} interactive key={it.id} className={styles.card} data-testid="result">
              <CardThumb src={it.thumbnailUrl ?? null} icon={it.typeIcon ?? null} />
              <div className={styles.body}>
                <div className={styles.badges}>
                  <Badge tone="brand" className={styles.typeBadge} data-testid="result-type">
                    {it.contentTypeTitle ?? it.contentTypeSlug}
                  </Badge>
                  {it.quality ? (
                    <Badge tone="success">
                      <Sparkles aria-hidden size={12} />
                      {t('list.quality', { score: format.number(Math.round(it.quality.overallScore)) })}
                    </Badge>
                  ) : null}
                </div>
                <h2 className={styles.cardTitle} id={titleId}>
                  <Link href={`/marketplace/${encodeURIComponent(it.id)}`} data-testid="result-link">
                    {it.title}
                  </Link>
                </h2>
                <p className={styles.author} data-testid="result-author">
                  {t('list.cardMeta', { author: it.authorName })}
                </p>
                <p className={styles.description} data-testid="result-description">
                  {it.description ?? <span className={styles.muted}>{t('list.noDescription')}</span>}
                </p>
                {chips.length ? (
                  <ul className={styles.chips} aria-label={t('item.curriculum')}>
                    {chips.map((x, i) => (
                      <li key={`${x}-${i}`}>{x}</li>
                    ))}
                  </ul>
                ) : null}
                <div className={styles.footer}>
                  <span className={styles.facts}>
                    <span data-testid="result-licence">{t('list.licence', { licence: licenceLabel(t, it.license) })}</span>
                    <span className={styles.views}>
                      <Eye aria-hidden size={14} />
                      {t('list.views', { views: it.viewCount })}
                    </span>
                    {it.rating?.average != null ? (
                      <span className={styles.views} data-testid="result-rating">
                        <Stars value={it.rating.average} label={tr('average', { average: format.number(it.rating.average, { maximumFractionDigits: 1 }) })} />
                        {format.number(it.rating.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
                        <span className={styles.muted}>({it.rating.count})</span>
                      </span>
                    ) : null}
                  </span>
                  {canClone ? (
                    <Button
                      size="sm"
                      icon={Copy}
                      onClick={() => void clone(it)}
                      disabled={blocked || noDerivatives}
                      loading={busy === it.id}
                      aria-describedby={noDerivatives ? `${ndId} ${titleId}` : blocked && atLimit ? `${REASON_ID} ${titleId}` : titleId}
                      data-testid="result-clone"
                    >
                      {t('list.clone')}
                    </Button>
                  ) : null}
                </div>
                {canClone && noDerivatives ? (
                  <p className={styles.muted} id={ndId} data-testid="result-no-derivatives">
                    {t('list.noDerivatives', { licence: licenceLabel(t, it.license) })}
                  </p>
                ) : null}
              </div>
            </Card>
          );
        })}
      </ul>
      {items !== null ? (
        <Pagination
          label={t('list.pages')}
          previousLabel={t('list.previous')}
          nextLabel={t('list.next')}
          onPrev={offset === 0 ? undefined : () => setOffset(Math.max(0, offset - PAGE))}
          onNext={offset + PAGE >= total ? undefined : () => setOffset(offset + PAGE)}
          summary={total ? `${format.number(offset + 1)}–${format.number(Math.min(offset + PAGE, total))} / ${format.number(total)}` : undefined}
          testIdPrefix="results-page"
        />
      ) : null}
    </div>
  );
}

/** A card's picture: the content's first image, else (or when it fails to load) its type's icon on the brand colour. */
function CardThumb({ src, icon }: { src: string | null; icon: string | null }) {
  const [shown, onError] = useThumbFallback(src);
  return (
    <div className={styles.thumb} onError={onError}>
      <Thumbnail src={shown} icon={icon} size="md" />
    </div>
  );
}
