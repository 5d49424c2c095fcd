'use client';
// The marketplace list: search, curriculum filters, sort, pages of public content, and (for teachers) a clone
// of a result into the caller's own content, counted against the month's quota.
import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { useToast } from '@/components/ui/Toaster';
import { callApi } from '@/components/shared/api';
import { difficultyLabel } from './labels';
import type { FacetNames, Facets, PublicItem as Item } from '@/lib/marketplace/schemas';

type Names = Partial<FacetNames>;

const FILTERS = [
  { key: 'frameworkCode', facet: 'frameworks' },
  { key: 'gradeCode', facet: 'grades' },
  { key: 'subjectCode', facet: 'subjects' },
  { key: 'difficulty', facet: 'difficulties' },
  { key: 'language', facet: 'languages' },
] as const satisfies readonly { key: string; facet: keyof Facets }[];
const SORTS = ['newest', 'popular', 'quality'] as const;
const PAGE = 20;

export function MarketplaceBrowser({
  contentsUsed,
  contentsLimit,
  canClone = true,
}: {
  contentsUsed: number;
  contentsLimit: number;
  /** teachers clone; a student is not offered it */ canClone?: boolean;
}) {
  const [facets, setFacets] = useState<Facets | null>(null);
  const [names, setNames] = useState<Names>({});
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sortBy, setSortBy] = useState('newest');
  const [offset, setOffset] = useState(0);
  const [items, setItems] = useState<Item[]>([]);
  const [total, setTotal] = useState(0);
  const [used, setUsed] = useState(contentsUsed);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const t = useTranslations('marketplace');
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
    const q = new URLSearchParams({ sortBy, offset: String(offset), limit: String(PAGE) });
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
    const t = setTimeout(() => void load(), 200);
    return () => clearTimeout(t);
  }, [load]);

  async function clone(item: Item) {
    setStatus('');
    try {
      const r = await callApi<{ contentId: string }>('POST', `/api/marketplace/public-contents/${encodeURIComponent(item.id)}/clone`);
      setUsed((u) => u + 1);
      setStatus(t('list.cloned', { title: item.title, id: r.data.contentId }));
      toast({ title: t('toast.cloned', { title: item.title }), description: t('toast.clonedDescription') });
    } catch (e) {
      const message = (e as Error).message;
      setStatus(t('list.cloneFailed', { message }));
      toast({ title: t('toast.cloneFailed', { title: item.title }), description: message, tone: 'error' });
    }
  }

  const unlimited = contentsLimit === -1;
  return (
    <div>
      <p data-testid="quota">
        {t('list.quota', { used: format.number(used), limit: unlimited ? t('list.unlimited') : format.number(contentsLimit) })}
      </p>
      <div className="toolbar">
        <input
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
          data-testid="search"
        />
        {FILTERS.map((f) => (
          <select
            key={f.key}
            aria-label={t(`list.filter.${f.key}`)}
            value={filters[f.key] ?? ''}
            onChange={(e) => {
              setFilters({ ...filters, [f.key]: e.target.value });
              setOffset(0);
            }}
            data-testid={`filter-${f.key}`}
          >
            <option value="">{t('list.any', { filter: t(`list.filter.${f.key}`) })}</option>
            {(facets?.[f.facet] ?? []).map((v) => (
              <option key={v} value={v}>
                {names[f.facet]?.[v] ?? (f.facet === 'difficulties' ? difficultyLabel(t, v) : v)}
              </option>
            ))}
          </select>
        ))}
        <select
          aria-label={t('list.sort')}
          value={sortBy}
          onChange={(e) => {
            setSortBy(e.target.value);
            setOffset(0);
          }}
          data-testid="sort"
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`list.sortBy.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {error ? <p className="error">{error}</p> : null}
      {status ? <p data-testid="clone-status">{status}</p> : null}
      <p className="muted" data-testid="total">
        {t('list.total', { count: total })}
      </p>
      <ul className="items" data-testid="results">
        {items.map((it) => (
          <li key={it.id} className="item" data-testid="result">
            <div>
              <strong>
                <Link href={`/marketplace/${encodeURIComponent(it.id)}`} data-testid="result-link">
                  {it.title}
                </Link>
              </strong>{' '}
              <span className="muted">
                {t('list.meta', { type: it.contentTypeSlug, author: it.authorName, views: it.viewCount })}
              </span>
              {it.curriculum ? (
                <div className="muted">
                  {[it.curriculum.frameworkName, it.curriculum.gradeName, it.curriculum.subjectName, difficultyLabel(t, it.curriculum.difficulty), it.curriculum.language].join(' · ')}
                </div>
              ) : null}
              {it.quality ? <div className="muted">{t('list.quality', { score: format.number(Math.round(it.quality.overallScore)) })}</div> : null}
            </div>
            {canClone ? (
              <button type="button" className="small" onClick={() => clone(it)} disabled={!unlimited && used >= contentsLimit}>
                {t('list.clone')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="toolbar">
        <button type="button" className="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          {t('list.previous')}
        </button>
        <button type="button" className="small" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
          {t('list.next')}
        </button>
      </div>
    </div>
  );
}
