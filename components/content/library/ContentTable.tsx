'use client';
// The library as a table (?view=table): the same items, actions and selection as the grid, one row each, with
// sortable column headers (aria-sort) that set the list's sort. A row dragged onto a folder of the tree moves there,
// as a card does ("Move to folder…" in its menu is the keyboard way).
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge, Thumbnail } from '@/components/ui';
import type { MyContentItem } from '../MyContent';
import type { LibrarySort } from './filters';
import { QualityText, RelativeTime, useThumbFallback } from './parts';
import { setContentDragData } from './FolderTree';
import styles from './library.module.css';

interface Props {
  items: MyContentItem[];
  selected: Set<string>;
  onToggle: (id: string) => void;
  allSelected: boolean;
  onToggleAll: () => void;
  menuOf: (item: MyContentItem) => ReactNode;
  tagEditorOf: (item: MyContentItem) => ReactNode | null;
  now: number;
  sort: LibrarySort;
  dir: 'asc' | 'desc';
  onSort: (key: LibrarySort) => void;
}

function TitleCell({ item, tagEditor }: { item: MyContentItem; tagEditor: ReactNode | null }) {
  const [src, onThumbError] = useThumbFallback(item.thumbnailUrl);
  return (
    <div className={styles.titleCell}>
      <span onError={onThumbError} className={styles.rowThumb}>
        <Thumbnail src={src} icon={item.icon} size="sm" />
      </span>
      <div className={styles.titleText}>
        <Link href={`/content/${encodeURIComponent(item.id)}`} className={styles.rowTitle}>
          {item.title}
        </Link>
        {tagEditor ??
          (item.tags.length ? (
            <span data-testid="tags" className={styles.tags}>
              {item.tags.map((tg) => (
                <span key={tg} className={styles.tag}>{tg}</span>
              ))}
            </span>
          ) : null)}
      </div>
    </div>
  );
}

export function ContentTable({ items, selected, onToggle, allSelected, onToggleAll, menuOf, tagEditorOf, now, sort, dir, onSort }: Props) {
  const t = useTranslations('content');
  const header = (key: LibrarySort, label: string) => {
    const active = sort === key;
    return (
      <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button type="button" className={styles.sortButton} onClick={() => onSort(key)} data-testid={`sort-column-${key}`}>
          {label}
          {active ? dir === 'asc' ? <ArrowUp aria-hidden size={14} /> : <ArrowDown aria-hidden size={14} /> : <ArrowUpDown aria-hidden size={14} className={styles.idle} />}
        </button>
      </th>
    );
  };
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={t('list.tableLabel')}>
      <table className={styles.table} data-testid="content-table">
        <thead>
          <tr>
            <th scope="col" className={styles.checkCol}>
              <input type="checkbox" aria-label={t('list.selectAll')} checked={allSelected} onChange={onToggleAll} />
            </th>
            {header('title', t('list.sort.title'))}
            <th scope="col">{t('list.type')}</th>
            <th scope="col">{t('list.status')}</th>
            {header('updated', t('list.sort.updated'))}
            {header('views', t('list.sort.views'))}
            {header('quality', t('list.sort.quality'))}
            <th scope="col">
              <span className="sr-only">{t('list.actionsColumn')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.id}
              data-testid="content-row"
              data-content-id={item.id}
              className={[styles.draggableRow, selected.has(item.id) ? styles.selectedRow : ''].join(' ')}
              // dragged onto a folder of the tree, the row's item moves there (FolderTree's drop targets)
              draggable
              onDragStart={(e) => setContentDragData(e, [item.id])}
            >
              <td className={styles.checkCol}>
                <input type="checkbox" aria-label={t('list.selectRow', { title: item.title })} data-testid="select-row" checked={selected.has(item.id)} onChange={() => onToggle(item.id)} />
              </td>
              <td>
                <TitleCell item={item} tagEditor={tagEditorOf(item)} />
              </td>
              <td data-testid="content-type" title={item.mainLibrary}>{item.contentTypeTitle}</td>
              <td>
                <Badge tone={item.visibility === 'public' ? 'success' : 'neutral'} className={styles.status} data-testid="visibility">
                  {t(`visibilityValue.${item.visibility}`)}
                </Badge>
              </td>
              <td>
                <RelativeTime iso={item.updatedAt} now={now} bare />
              </td>
              <td>
                <span data-testid="views">{item.viewCount}</span>
              </td>
              <td>
                <QualityText item={item} />
              </td>
              <td className={styles.menuCol}>{menuOf(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
