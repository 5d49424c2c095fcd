// The rest of /h5p: static core, editor, custom CSS and temporary files (no login), and the H5P library's
// asynchronous routes (ajax, contentUserData, finishedData, params, download) acting as the caller.
import type { NextRequest } from 'next/server';
import { ajaxGet, ajaxPost } from '@/lib/h5p/http/ajax';
import { IMMUTABLE, notFound, serveFile, serveStored, SHORT_CACHE, USER_FILE_CSP } from '@/lib/h5p/http/files';
import { coreDir, CUSTOM_PREFIX, editorDir } from '@/lib/h5p/engine/paths';
import { findTempFile } from '@/lib/h5p/engine/temp-files';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ path: string[] }> };

const versioned = (req: NextRequest) => (req.nextUrl.searchParams.has('version') ? IMMUTABLE : SHORT_CACHE);

async function staticFile(req: NextRequest, parts: string[]): Promise<Response | null> {
  const [kind, ...rest] = parts;
  const rel = rest.join('/');
  switch (kind) {
    case 'core':
      return serveFile(req, coreDir(), rel, { cacheControl: versioned(req) });
    case 'editor':
      return serveFile(req, editorDir(), rel, { cacheControl: versioned(req) });
    case 'custom':
      return rel ? serveStored(req, `${CUSTOM_PREFIX}${rel}`, { cacheControl: SHORT_CACHE }) : notFound();
    case 'temp': {
      const key = rel ? await findTempFile(rel) : null;
      if (!key) return notFound();
      return serveStored(req, key, { cacheControl: 'private, max-age=300', range: true, headers: { 'Content-Security-Policy': USER_FILE_CSP } });
    }
  }
  return null;
}

export async function GET(req: NextRequest, ctx: Ctx) {
  const { path: parts } = await ctx.params;
  const res = await staticFile(req, parts);
  if (res) return res;
  return ajaxGet(req, ctx);
}

export const HEAD = GET;

export async function POST(req: NextRequest, ctx: Ctx) {
  const { path: parts } = await ctx.params;
  if (['core', 'editor', 'custom', 'temp'].includes(parts[0] ?? '')) return new Response('Method not allowed', { status: 405 });
  return ajaxPost(req, ctx);
}
