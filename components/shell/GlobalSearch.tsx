// Global search in the top bar: a plain GET form to /search (works without script), content and collections for
// teachers, the marketplace for students.
import { getTranslations } from 'next-intl/server';
import { Search } from 'lucide-react';
import styles from './Shell.module.css';

export async function GlobalSearch({ teacher }: { teacher: boolean }) {
  const t = await getTranslations('shell');
  return (
    <form role="search" action="/search" method="get" className={styles.search}>
      <label htmlFor="global-search" className="sr-only">
        {teacher ? t('search.label') : t('search.labelStudent')}
      </label>
      <Search aria-hidden size={16} className={styles.searchIcon} />
      <input id="global-search" name="q" type="search" placeholder={teacher ? t('search.placeholder') : t('search.placeholderStudent')} autoComplete="off" data-testid="global-search" />
    </form>
  );
}
