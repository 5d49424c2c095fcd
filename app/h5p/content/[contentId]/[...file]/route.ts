// Static content files (/h5p/content/<id>/<file…>): served without login (spec "Authentication" 6), with Range.
import { contentDir } from '@/lib/h5p/paths';
import { notFound, serveFile, USER_FILE_CSP } from '@/lib/h5p/http';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ contentId: string; file: string[] }> };

async function handle(req: Request, { params }: Ctx) {
  const { contentId, file } = await params;
  let root: string;
  try {
    root = contentDir(contentId);
  } catch {
    return notFound();
  }
  return serveFile(req, root, file.join('/'), { cacheControl: 'public, max-age=3600', range: true, headers: { 'Content-Security-Policy': USER_FILE_CSP } });
}

export const GET = handle;
export const HEAD = handle;
