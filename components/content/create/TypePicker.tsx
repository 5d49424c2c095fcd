'use client';
// The create page's type picker, the way the H5P Hub's selector works: a grid of the installed types (icon, title,
// one-line summary, categories), a search box, category filters and the caller's recently used types. Each card
// is a link to /content/new?type=<machine name>, which opens the H5P editor with that type chosen. Arrow keys move
// between cards (Home/End to the first/last); Tab leaves the grid. The links are plain <a>: the editor page must be
// a document load of its own, as its Content-Security-Policy differs from other pages' (server/header-policy.mjs
// workspacePageCsp: the editor writes its frame's script tags, which a client-side navigation's policy refuses).
import { useTranslations } from 'next-intl';
import { Search } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Button, Thumbnail } from '@/components/ui';
import type { PickerType } from '@/lib/h5p/content-types/catalog';
import { TYPE_CATEGORIES, type TypeCategory } from '@/lib/h5p/content-types/categories';
import styles from './TypePicker.module.css';

const norm = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

export const typeHref = (machineName: string) => `/content/new?type=${encodeURIComponent(machineName)}`;

function TypeCard({ type, testId, compact }: { type: PickerType; testId: string; compact?: boolean }) {
  const t = useTranslations('content.create');
  return (
    <li className={compact ? styles.compactItem : styles.item}>
      <a href={typeHref(type.machineName)} className={compact ? styles.compactCard : styles.card} data-testid={testId} data-machine-name={type.machineName}>
        <Thumbnail icon={type.icon} size={compact ? 'sm' : 'md'} className={compact ? undefined : styles.thumb} />
        <span className={styles.text}>
          <span className={styles.title}>{type.title}</span>
          {compact ? null : <span className={styles.summary}>{type.summary ?? t('noSummary')}</span>}
          {compact ? null : (
            <span className={styles.badges}>
              {type.categories.map((c) => (
                <Badge key={c} tone="neutral">
                  {t(`category.${c}`)}
                </Badge>
              ))}
            </span>
          )}
        </span>
      </a>
    </li>
  );
}

/** Arrow keys between the links of one list. */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>(':scope > li > a')];
  const i = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (i < 0) return;
  // the number of cards in a row: those on the first card's line
  const top = links[0]!.getBoundingClientRect().top;
  const perRow = Math.max(1, links.filter((l) => Math.abs(l.getBoundingClientRect().top - top) < 2).length);
  const next = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + perRow, ArrowUp: i - perRow, Home: 0, End: links.length - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  links[Math.min(Math.max(next, 0), links.length - 1)]?.focus();
}

export function TypePicker({ types, recent }: { types: PickerType[]; recent: string[] }) {
  const t = useTranslations('content.create');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<TypeCategory | 'all'>('all');
  const searchRef = useRef<HTMLInputElement>(null);
  const categories = useMemo(() => {
    const seen = new Set(types.flatMap((x) => x.categories));
    return TYPE_CATEGORIES.filter((c) => seen.has(c));
  }, [types]);
  const shown = useMemo(() => {
    const words = norm(query).split(/\s+/).filter(Boolean);
    return types.filter((x) => {
      if (category !== 'all' && !x.categories.includes(category)) return false;
      if (!words.length) return true;
      const hay = norm([x.title, x.summary ?? '', x.machineName, ...x.categories.map((c) => t(`category.${c}`))].join(' '));
      return words.every((w) => hay.includes(w));
    });
  }, [types, query, category, t]);
  const recentTypes = recent.map((m) => types.find((x) => x.machineName === m)).filter((x): x is PickerType => !!x);
  const filtering = query.trim() !== '' || category !== 'all';
  const clear = () => {
    setQuery('');
    setCategory('all');
    searchRef.current?.focus();
  };

  return (
    <div className={styles.picker} data-testid="create-picker">
      <div className={styles.controls}>
        <div className={styles.searchBox}>
          <label htmlFor="create-search" className="sr-only">
            {t('search')}
          </label>
          <Search aria-hidden size={18} className={styles.searchIcon} />
          <input
            id="create-search"
            ref={searchRef}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('searchPlaceholder')}
            autoComplete="off"
            data-testid="create-search"
            className={styles.search}
          />
        </div>
        <div role="group" aria-label={t('categories')} className={styles.chips}>
          {(['all', ...categories] as const).map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={category === c}
              className={styles.chip}
              onClick={() => setCategory(c)}
              data-testid={`create-category-${c}`}
            >
              {c === 'all' ? t('all') : t(`category.${c}`)}
            </button>
          ))}
        </div>
      </div>

      {!filtering && recentTypes.length ? (
        <section aria-labelledby="create-recent-title" data-testid="create-recent" className={styles.section}>
          <h2 id="create-recent-title" className={styles.heading}>
            {t('recent')}
          </h2>
          <ul className={styles.recentGrid} onKeyDown={moveFocus}>
            {recentTypes.map((x) => (
              <TypeCard key={x.machineName} type={x} testId={`create-recent-${x.machineName}`} compact />
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="create-all-title" className={styles.section}>
        <div className={styles.headingRow}>
          <h2 id="create-all-title" className={styles.heading}>
            {t('allTypes')}
          </h2>
          <p className={styles.count} role="status" data-testid="create-count">
            {t('count', { count: shown.length })}
          </p>
        </div>
        <p className="sr-only">{t('keyboardHint')}</p>
        {shown.length ? (
          <ul className={styles.grid} onKeyDown={moveFocus} data-testid="create-types">
            {shown.map((x) => (
              <TypeCard key={x.machineName} type={x} testId={`create-type-${x.machineName}`} />
            ))}
          </ul>
        ) : (
          <div className={styles.noMatch} data-testid="create-no-match">
            <p>{query.trim() ? t('noMatch', { query: query.trim() }) : t('count', { count: 0 })}</p>
            <Button variant="secondary" size="sm" onClick={clear}>
              {t('clearFilters')}
            </Button>
          </div>
        )}
      </section>
      <p className={styles.showAll}>
        <a href="/content/new?type=all" data-testid="create-show-all">
          {t('showAll')}
        </a>
      </p>
    </div>
  );
}
