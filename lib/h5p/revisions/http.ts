// The revision routes' errors and request helpers (issue 27 items 2 and 3).
import { errorOf } from '@/lib/errors';
import { CONTENT_NOT_FOUND } from '@/lib/h5p/content/access';
import { REVISION_CONFLICT } from './record';
import { REVISION_ERR } from './service';

export const REVISION_ERRORS = {
  conflict: REVISION_CONFLICT,
  notFound: errorOf(404, REVISION_ERR.notFound),
  fileNotFound: errorOf(404, REVISION_ERR.fileNotFound),
  contentNotFound: errorOf(404, CONTENT_NOT_FOUND),
  updateForbidden: errorOf(403, REVISION_ERR.updateForbidden),
} as const;

/**
 * The revision an `If-Match` header names (`"<revision id>"`, weak or not); undefined when there is none or it is `*`
 * (any version: no base).
 */
export function baseFromIfMatch(header: string | null): string | undefined {
  const v = header?.trim();
  if (!v || v === '*') return undefined;
  const first = v.split(',')[0]!.trim().replace(/^W\//, '');
  return first.replace(/^"(.*)"$/, '$1') || undefined;
}
