// Runs before every request (Next.js 16 renamed middleware.ts to proxy.ts). It parses the host once,
// overwrites the headers only the app may set, gives each request an id, and sets the headers of the path's class
// that no answer may change (server/header-policy.mjs, the one policy; the front server applies the whole policy
// to every response it sends, also to the routes this proxy skips, and keeps a page's own nonce'd CSP).
// The tenant itself is resolved from this host in one place, lib/tenant/resolve.ts (cached lookup).
import { NextResponse, type NextRequest } from 'next/server';
import { isWorkspacePage, newNonce, proxyHeaders, workspacePageCsp } from '@/lib/http/edge-headers';
import { HOST_HEADER, REQUEST_ID_HEADER, normalizeHost } from '@/lib/tenant/host';

export function proxy(req: NextRequest) {
  const headers = new Headers(req.headers);
  headers.set(HOST_HEADER, normalizeHost(req.headers.get('host')));
  const requestId = crypto.randomUUID();
  headers.set(REQUEST_ID_HEADER, requestId);
  // a workspace page binds its scripts to a fresh nonce: Next.js reads it from the request's policy and stamps it on
  // every script it renders (issue 22 item 1)
  const pageCsp = isWorkspacePage(req.nextUrl.pathname) ? workspacePageCsp(newNonce(), req.nextUrl.pathname) : null;
  if (pageCsp) headers.set('Content-Security-Policy', pageCsp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set(REQUEST_ID_HEADER, requestId);
  if (pageCsp) res.headers.set('Content-Security-Policy', pageCsp);
  // Next.js writes these over the route's own headers: the ones a route may set itself (a page's nonce'd
  // Content-Security-Policy) are the front server's to add where the answer has none
  const edge = proxyHeaders(req.nextUrl.pathname);
  for (const [k, v] of Object.entries(edge.set)) res.headers.set(k, v);
  for (const k of edge.remove) res.headers.delete(k);
  return res;
}

export const config = {
  // Large uploads (/h5p/import up to 500 MB, the H5P editor's /h5p/ajax file uploads, the AI's PDF, image and
  // video uploads) skip the proxy: Next.js buffers a request body for a proxy and cuts it at 10 MB. Those routes
  // read the body themselves and nothing the proxy sets (the route wrapper falls back to the Host header and a
  // fresh request id; server/server.mjs drops a client's own x-lumen-host, and sets their headers). The list must be
  // a literal here: server/header-policy.test.ts checks it names exactly STREAMING_UPLOAD_PATHS
  // (server/paths.mjs).
  matcher: ['/((?!_next/static|_next/image|favicon.ico|h5p/import$|h5p/ajax$|api/ai/jobs/pdf$|api/ai/jobs/video$|api/ai/generate/image-hotspots$).*)'],
};
