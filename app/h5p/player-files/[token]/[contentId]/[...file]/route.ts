// Content files for a player page (/h5p/player-files/<content token>/<id>/<file…>): the page runs in an opaque
// origin and sends no cookie, so the content-scoped token of the page travels in the path (H5P appends file
// paths to the content's URL). Only an embed or player token of exactly this content opens its files.
import { verifyEmbedToken } from '@/lib/auth/embed-token';
import { notFound, serveStored, USER_FILE_CSP } from '@/lib/h5p/http/files';
import { contentPrefix } from '@/lib/h5p/engine/paths';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ token: string; contentId: string; file: string[] }> };

async function handle(req: Request, { params }: Ctx) {
  const { token, contentId, file } = await params;
  const claims = await verifyEmbedToken(token).catch(() => null);
  if (!claims || claims.contentId !== contentId) return notFound();
  let prefix: string;
  try {
    prefix = contentPrefix(contentId);
  } catch {
    return notFound();
  }
  return serveStored(req, `${prefix}${file.join('/')}`, {
    cacheControl: 'private, max-age=3600',
    range: true,
    headers: { 'Content-Security-Policy': USER_FILE_CSP, 'Access-Control-Allow-Origin': '*' },
  });
}

export const GET = handle;
export const HEAD = handle;
