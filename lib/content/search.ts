// Search text → a PostgreSQL tsquery over the 'simple' configuration with prefix matching on every word
// (`alg geo` matches "Algebra and geometry"). Only letters and digits reach the query: no operator injection.
import { CONTENT_TYPE_SLUGS } from '@/lib/content/types';

export function prefixTsQuery(search: string | undefined): string | null {
  if (!search) return null;
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 16);
  if (words.length === 0) return null;
  return words.map((w) => `${w}:*`).join(' & ');
}

const MACHINE_BY_SLUG = new Map(Object.entries(CONTENT_TYPE_SLUGS).map(([machine, slug]) => [slug, machine]));

/** contentType filter: a slug (`multiple-choice`) or a machine name (`H5P.MultiChoice`, with or without version). */
export function machineNameFor(contentType: string): string {
  const t = contentType.trim();
  return MACHINE_BY_SLUG.get(t.toLowerCase()) ?? t.split(/\s+/)[0] ?? t;
}
