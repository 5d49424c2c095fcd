'use client';
// Small parts the library's grid and table share: the relative "updated" time, the quality line, the tag editor and
// a thumbnail that falls back to the type's icon when its image cannot be loaded.
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui';
import { isBloomLevel } from '@/lib/content/blooms';
import type { MyContentItem } from '../MyContent';
import styles from './library.module.css';

/** "3 hours ago" (localized), with the exact date for a pointer's tooltip. */
export function RelativeTime({ iso, now, bare }: { iso: string; now: number; /** without the "Updated" word (a table column says it) */ bare?: boolean }) {
  const format = useFormatter();
  const t = useTranslations('content');
  const date = new Date(iso);
  return (
    <span className={styles.updated}>
      {bare ? null : `${t('list.updated')} `}
      <time dateTime={iso} title={format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short' })}>
        {format.relativeTime(date, Math.max(now, date.getTime()))}
      </time>
    </span>
  );
}

export function QualityText({ item }: { item: MyContentItem }) {
  const t = useTranslations('content');
  const levelName = (l: string) => (isBloomLevel(l) ? t(`list.bloom.${l}`) : l);
  return (
    <span data-testid="quality" className={styles.quality}>
      {item.quality ? t('list.quality', { score: Math.round(item.quality.overallScore), level: levelName(item.bloomsLevel ?? item.quality.bloomsLevel) }) : t('list.qualityPending')}
    </span>
  );
}

/** The thumbnail's source, and an error handler (on a wrapper: img errors reach it in React) that drops a broken one. */
export function useThumbFallback(url: string | null): [string | null, (e: SyntheticEvent) => void] {
  const [broken, setBroken] = useState<string | null>(null);
  const src = url && url !== broken ? url : null;
  return [src, (e) => (e.target instanceof HTMLImageElement && url && e.target.getAttribute('src') === url ? setBroken(url) : undefined)];
}

export function TagEditor({ initial, onSave, onCancel }: { initial: string; onSave: (draft: string) => void; onCancel: () => void }) {
  const t = useTranslations('content');
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  // opened from the item's menu: focus moves here once the menu has closed (the menu gives focus back to its button)
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), 60);
    return () => clearTimeout(timer);
  }, []);
  return (
    <form
      className={styles.tagForm}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <label htmlFor={id} className={styles.tagLabel}>
        {t('list.tagsLabel')}
      </label>
      <input id={id} ref={input} data-testid="tags-input" value={draft} onChange={(e) => setDraft(e.target.value)} />
      <div className={styles.tagButtons}>
        <Button type="submit" size="sm" variant="primary" data-testid="tags-save">
          {t('list.saveTags')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
