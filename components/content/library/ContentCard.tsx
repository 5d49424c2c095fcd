'use client';
// One library item as a card: its picture (first image, else the type's icon on the brand colour), the title as the
// card's link, the type's title, a status badge, when it changed, views and quality, its tags, a selection box and
// the one overflow menu. The tag editor opens in place (from the menu).
import { Eye } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge, Thumbnail } from '@/components/ui';
import type { MyContentItem } from '../MyContent';
import { QualityText, RelativeTime, useThumbFallback } from './parts';
import { setContentDragData } from './FolderTree';
import styles from './library.module.css';

export interface ItemViewProps {
  item: MyContentItem;
  selected: boolean;
  onToggle: (id: string) => void;
  menu: ReactNode;
  /** the tag editor when this item's tags are being edited */
  tagEditor: ReactNode | null;
  now: number;
}

export function ContentCard({ item, selected, onToggle, menu, tagEditor, now }: ItemViewProps) {
  const t = useTranslations('content');
  const [src, onThumbError] = useThumbFallback(item.thumbnailUrl);
  const href = `/content/${encodeURIComponent(item.id)}`;
  return (
    <li
      className={[styles.card, selected ? styles.selected : ''].join(' ')}
      data-testid="content-row"
      data-content-id={item.id}
      // dragged onto a folder of the tree, the card moves there (FolderTree's drop targets)
      draggable
      onDragStart={(e) => setContentDragData(e, [item.id])}
    >
      <div className={styles.cardThumb} onError={onThumbError}>
        <Thumbnail src={src} icon={item.icon} size="md" />
      </div>
      <label className={styles.cardSelect}>
        <input type="checkbox" aria-label={t('list.selectRow', { title: item.title })} data-testid="select-row" checked={selected} onChange={() => onToggle(item.id)} />
      </label>
      <div className={styles.cardMenu}>{menu}</div>
      <div className={styles.cardBody}>
        <h2 className={styles.cardTitle}>
          <Link href={href} className={styles.stretched}>
            {item.title}
          </Link>
        </h2>
        <p className={styles.typeLine} data-testid="content-type" title={item.mainLibrary}>
          {item.contentTypeTitle}
        </p>
        <div className={styles.meta}>
          <Badge tone={item.visibility === 'public' ? 'success' : 'neutral'} className={styles.status} data-testid="visibility">
            {t(`visibilityValue.${item.visibility}`)}
          </Badge>
          <RelativeTime iso={item.updatedAt} now={now} />
        </div>
        <div className={styles.meta}>
          <span className={styles.views}>
            <Eye aria-hidden size={14} />
            <span data-testid="views">{item.viewCount}</span> {t('list.viewsWord', { count: item.viewCount })}
          </span>
          <QualityText item={item} />
        </div>
        {tagEditor ?? (item.tags.length ? (
          <span data-testid="tags" className={styles.tags}>
            {item.tags.map((tg) => (
              <span key={tg} className={styles.tag}>{tg}</span>
            ))}
          </span>
        ) : null)}
      </div>
    </li>
  );
}
