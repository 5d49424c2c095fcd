// Library files (/h5p/libraries/<Name-major.minor>/<file…>): no login; versioned URLs are cached for a year.
// A library is installed once for every tenant: its files that can carry script (svg, html, xml) are served
// sandboxed, so opening one never runs script on the app's origin.
import type { NextRequest } from 'next/server';
import { IMMUTABLE, notFound, serveStored, SHORT_CACHE } from '@/lib/h5p/http/files';
import { LIBRARIES_PREFIX } from '@/lib/h5p/engine/paths';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ file: string[] }> };

async function handle(req: NextRequest, { params }: Ctx) {
  const { file } = await params;
  if (file.length < 2 || !/^[\w.]+-\d+\.\d+$/.test(file[0] ?? '')) return notFound();
  return serveStored(req, `${LIBRARIES_PREFIX}${file.join('/')}`, {
    cacheControl: req.nextUrl.searchParams.has('version') ? IMMUTABLE : SHORT_CACHE,
    sandboxScriptable: true,
  });
}

export const GET = handle;
export const HEAD = handle;
