// Content files for a player page (/h5p/player-files/<key or token>/<id>/<file…>): the page runs on the content
// origin (or an opaque one) and sends no cookie, so what opens the files travels in the path (H5P appends file
// paths to the content's URL). What opens them, and how they may be cached: lib/h5p/content/player-files.ts.
// Under a files key, params.js is the script that gives the player page the item's parameters (lib/h5p/player/embed.ts).
import { playerFilesAccess } from '@/lib/h5p/content/player-files';
import { notFound, serveStored, USER_FILE_CSP } from '@/lib/h5p/http/files';
import { contentPrefix } from '@/lib/h5p/engine/paths';
import { PARAMS_SCRIPT, paramsScript } from '@/lib/h5p/player/embed';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ token: string; contentId: string; file: string[] }> };

async function handle(req: Request, { params }: Ctx) {
  const { token, contentId, file } = await params;
  const access = await playerFilesAccess(token, contentId);
  if (!access) return notFound();
  let prefix: string;
  try {
    prefix = contentPrefix(contentId);
  } catch {
    return notFound();
  }
  const { snapshot, cacheControl } = access;
  if (snapshot && file.length === 1 && file[0] === PARAMS_SCRIPT) {
    const etag = `"p-${snapshot.filesVersion}"`;
    const headers = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': cacheControl, ETag: etag, 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' };
    if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
    return new Response(req.method === 'HEAD' ? null : paramsScript(contentId, snapshot.parametersJson), { status: 200, headers });
  }
  return serveStored(req, `${prefix}${file.join('/')}`, {
    cacheControl,
    range: true,
    headers: { 'Content-Security-Policy': USER_FILE_CSP, 'Access-Control-Allow-Origin': '*' },
  });
}

export const GET = handle;
export const HEAD = handle;
