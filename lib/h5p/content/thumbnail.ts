// The picture of a content item in the library (issue 25 item 4): the content's FIRST image, found by walking its
// parameters when the item is saved, imported or copied (contentRow / copyContent), kept on the content row
// (h5p_contents.thumbnail_path: NULL = not computed yet, '' = the content has no image) and computed lazily by the
// list for rows written before the column existed.
//
// The URL is the content file route on the app's own origin, /h5p/content/<id>/<path>: the workspace loads it with
// the browser's session cookie, and the route applies the content read rule (owner, admin of the owner's tenant,
// super_admin; public content is open anyway) and answers a private file `Cache-Control: private` with the sandbox
// CSP. No token is minted into the URL (it would outlive the page in histories, logs and copied links and give the
// file to whoever holds it), and the content origin is not used (it serves player paths only and reads no cookie).
// Only raster images count (no SVG): a thumbnail is never a document that could carry script.
import { db } from '@/lib/db/client';

/** Image types a thumbnail may be (raster only). */
const RASTER_MIME = /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i;
const RASTER_EXT = /\.(png|jpe?g|gif|webp|avif|bmp)$/i;
/** A stored content file path: relative, plain segments, no query or fragment (H5P names them images/<name>-<id>.<ext>). */
const SAFE_SEGMENT = /^[\w\-. ]+$/;
const safePath = (p: string) => p.split('/').every((seg) => seg !== '.' && seg !== '..' && SAFE_SEGMENT.test(seg));
const MAX_PATH = 500;
/** Parameters nest (Course Presentation, Interactive Book …) but not without end: the walk stops this deep. */
const MAX_DEPTH = 64;

/** A usable stored image path, or null (external URLs, editor temp files `#tmp`, unsafe or non-image paths). */
export function imagePathOf(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.path !== 'string') return null;
  const p = v.path.trim();
  if (!p || p.length > MAX_PATH || /^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//') || p.includes('#') || p.includes('?') || !safePath(p)) return null;
  const mime = typeof v.mime === 'string' ? v.mime.trim() : '';
  if (mime) return RASTER_MIME.test(mime) ? p : null;
  return RASTER_EXT.test(p) ? p : null;
}

/** The first image of a content's parameters in document order (depth first), or null when it has none. */
export function firstImagePath(params: unknown): string | null {
  const seen = new Set<unknown>();
  const walk = (node: unknown, depth: number): string | null => {
    if (!node || typeof node !== 'object' || depth > MAX_DEPTH || seen.has(node)) return null;
    seen.add(node);
    const own = imagePathOf(node);
    if (own) return own;
    const children = Array.isArray(node) ? node : Object.values(node as Record<string, unknown>);
    for (const child of children) {
      const found = walk(child, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(params, 0);
}

/** The value stored in h5p_contents.thumbnail_path for these parameters ('' = no image). */
export function thumbnailPathFor(params: unknown): string {
  return firstImagePath(params) ?? '';
}

/** The URL of a content item's thumbnail (same origin, session cookie: see the head of this file), null for none. */
export function thumbnailUrlOf(contentId: string, thumbnailPath: string | null | undefined): string | null {
  if (!thumbnailPath) return null;
  return `/h5p/content/${encodeURIComponent(contentId)}/${thumbnailPath.split('/').map(encodeURIComponent).join('/')}`;
}

/** At most this many rows of one list call get their thumbnail computed lazily. */
export const BACKFILL_THUMBNAILS_PER_CALL = 100;

/**
 * Computes and stores the thumbnail of content rows written before the column existed (thumbnail_path IS NULL).
 * Answers each id's path ('' for none). A row changed meanwhile keeps what its own save stored.
 */
export async function backfillThumbnails(ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const rows = await db().h5pContent.findMany({ where: { id: { in: ids.slice(0, BACKFILL_THUMBNAILS_PER_CALL) }, thumbnailPath: null }, select: { id: true, parameters: true } });
  await Promise.all(
    rows.map(async (r) => {
      const path = thumbnailPathFor(r.parameters);
      out.set(r.id, path);
      await db().$executeRaw`UPDATE h5p_contents SET thumbnail_path = ${path} WHERE id = ${r.id} AND thumbnail_path IS NULL`;
    }),
  );
  return out;
}
