// Where a marketplace clone came from: "Adapted from “<title>” by <author>, licence <licence>" (the source as it
// was at clone time: GET /h5p/content/:id `origin`, h5p_contents.origin_*). Renders nothing for content that is not
// a clone. No 'use client': it renders in server pages (the content page) and inside client components (the library).
//   <OriginNote origin={content.origin} />                       a line with an icon (content page)
//   <OriginNote origin={item.origin} variant="compact" />        smaller, muted (library cards and rows)
import { GitFork } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { licenceDisplay } from '@/lib/marketplace/licence';
import styles from './OriginNote.module.css';

export interface OriginNoteValue {
  contentId: string;
  title: string;
  authorName: string;
  license: string | null;
}

export function OriginNote({ origin, variant = 'full', testId = 'origin-note' }: { origin: OriginNoteValue | null | undefined; variant?: 'full' | 'compact'; testId?: string }) {
  const t = useTranslations('marketplace');
  if (!origin) return null;
  const shown = licenceDisplay(origin.license) ?? { word: 'undisclosed' as const };
  const licence = 'word' in shown ? t(`licence.${shown.word}`) : shown.code;
  return (
    <p className={variant === 'compact' ? styles.compact : styles.note} data-testid={testId}>
      <GitFork aria-hidden className={styles.icon} />
      <span>
        {t.rich('origin.text', {
          cite: (chunks) => <cite className={styles.title}>{chunks}</cite>,
          title: origin.title,
          author: origin.authorName,
          licence,
        })}
      </span>
    </p>
  );
}
