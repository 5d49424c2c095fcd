// Content type titles and one-line summaries in the reader's language, where H5P ships translations: the hub's
// own translations of its content types (title, summary; @lumieducation/h5p-server's "hub" namespace, 48 types)
// and of library metadata (the "library-metadata" namespace: sub-content types such as Text or Image). English
// is the base text of the hub and of library.json, so it is never looked up.
import { h5pTranslate } from '@/lib/h5p/engine/translations';

/** `H5P.MultiChoice` → `H5P_MultiChoice`: how the translation files key a type (the first dot only, as H5P does). */
const keyOf = (machineName: string) => machineName.replace('.', '_');

function lookup(namespace: 'hub' | 'library-metadata', machineName: string, field: 'title' | 'summary', locale: string): string | null {
  const lang = (locale || 'en').toLowerCase();
  if (lang === 'en' || lang.startsWith('en-') || lang.startsWith('en_')) return null;
  const key = `${namespace}:${keyOf(machineName)}.${field}`;
  const text = h5pTranslate(key, lang);
  return text && text !== key ? text : null;
}

/**
 * A content type's title in `locale` where H5P ships a translation, else `fallback` (the library's or the hub's
 * English title), else the machine name without its `H5P.` prefix.
 */
export function typeTitle(machineName: string, locale: string, fallback?: string | null): string {
  return (
    lookup('hub', machineName, 'title', locale) ??
    lookup('library-metadata', machineName, 'title', locale) ??
    (fallback?.trim() || machineName.replace(/^H5P\./, ''))
  );
}

/** The hub's one-line summary of a content type in `locale` when H5P ships one, else `fallback` (may be null). */
export function typeSummary(machineName: string, locale: string, fallback?: string | null): string | null {
  return lookup('hub', machineName, 'summary', locale) ?? (fallback?.trim() || null);
}
