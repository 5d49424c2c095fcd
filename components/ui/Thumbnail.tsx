// An item's picture: its own image when it has one, else its content type's icon on the brand colour, else a
// generic icon there. The image is decorative (the title sits beside it), so alt is empty.
import { Puzzle } from 'lucide-react';
import styles from './Thumbnail.module.css';

export function Thumbnail({ src, icon, size = 'md', className }: { src?: string | null; icon?: string | null; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const cls = [styles.thumb, styles[size], className].filter(Boolean).join(' ');
  if (src) {
    return (
      <span className={cls}>
        <img src={src} alt="" loading="lazy" decoding="async" className={styles.photo} />
      </span>
    );
  }
  return (
    <span className={[cls, styles.onBrand].join(' ')}>
      {icon ? <img src={icon} alt="" loading="lazy" decoding="async" className={styles.icon} /> : <Puzzle aria-hidden className={styles.glyph} />}
    </span>
  );
}
