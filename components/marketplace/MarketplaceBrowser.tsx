'use client';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from './client-api';

interface Item {
  id: string;
  title: string;
  contentTypeSlug: string;
  authorName: string;
  viewCount: number;
  curriculum: { frameworkName: string; gradeName: string; subjectName: string; difficulty: string; language: string } | null;
  quality: { overallScore: number } | null;
}
type Facets = Record<'subjects' | 'grades' | 'difficulties' | 'languages' | 'frameworks', string[]>;
type Names = Partial<Record<keyof Facets, Record<string, string>>>;

const FILTERS: { key: string; facet: keyof Facets; label: string }[] = [
  { key: 'frameworkCode', facet: 'frameworks', label: 'Framework' },
  { key: 'gradeCode', facet: 'grades', label: 'Grade' },
  { key: 'subjectCode', facet: 'subjects', label: 'Subject' },
  { key: 'difficulty', facet: 'difficulties', label: 'Difficulty' },
  { key: 'language', facet: 'languages', label: 'Language' },
];
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
      setStatus(`Cloned “${item.title}” into your content (${r.data.contentId}).`);
    } catch (e) {
      setStatus(`Clone failed: ${(e as Error).message}`);
    }
  }

  const unlimited = contentsLimit === -1;
  return (
    <div>
      <p data-testid="quota">
        Content this month: {used} / {unlimited ? 'Unlimited' : contentsLimit}
      </p>
      <div className="toolbar">
        <input
          aria-label="Search"
          placeholder="Search titles…"
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
            aria-label={f.label}
            value={filters[f.key] ?? ''}
            onChange={(e) => {
              setFilters({ ...filters, [f.key]: e.target.value });
              setOffset(0);
            }}
            data-testid={`filter-${f.key}`}
          >
            <option value="">{f.label}: any</option>
            {(facets?.[f.facet] ?? []).map((v) => (
              <option key={v} value={v}>
                {names[f.facet]?.[v] ?? v}
              </option>
            ))}
          </select>
        ))}
        <select
          aria-label="Sort"
          value={sortBy}
          onChange={(e) => {
            setSortBy(e.target.value);
            setOffset(0);
          }}
          data-testid="sort"
        >
          <option value="newest">Newest</option>
          <option value="popular">Popular</option>
          <option value="quality">Quality</option>
        </select>
      </div>
      {error ? <p className="error">{error}</p> : null}
      {status ? <p data-testid="clone-status">{status}</p> : null}
      <p className="muted" data-testid="total">
        {total} result{total === 1 ? '' : 's'}
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
                · {it.contentTypeSlug} · by {it.authorName} · {it.viewCount} views
              </span>
              {it.curriculum ? (
                <div className="muted">
                  {it.curriculum.frameworkName} · {it.curriculum.gradeName} · {it.curriculum.subjectName} · {it.curriculum.difficulty} ·{' '}
                  {it.curriculum.language}
                </div>
              ) : null}
              {it.quality ? <div className="muted">Quality {Math.round(it.quality.overallScore)}</div> : null}
            </div>
            {canClone ? (
              <button type="button" className="small" onClick={() => clone(it)} disabled={!unlimited && used >= contentsLimit}>
                Clone
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="toolbar">
        <button type="button" className="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Previous
        </button>
        <button type="button" className="small" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
          Next
        </button>
      </div>
    </div>
  );
}
