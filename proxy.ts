// Runs before every request (Next.js 16 renamed middleware.ts to proxy.ts). It parses the host once,
// overwrites the headers only the app may set, gives each request an id, and sets the embedding headers:
// permissive under /h5p/ (content plays inside other sites' iframes), same-origin elsewhere.
// The tenant itself is resolved from this host in one place, lib/tenant/resolve.ts (cached lookup).
import { NextResponse, type NextRequest } from 'next/server';
import { PLAYER_CSP } from '@/lib/h5p/csp';
import { DOCS_CSP } from '@/lib/http/docs-csp';
import { HOST_HEADER, REQUEST_ID_HEADER, normalizeHost } from '@/lib/tenant/host';

export function proxy(req: NextRequest) {
  const headers = new Headers(req.headers);
  headers.set(HOST_HEADER, normalizeHost(req.headers.get('host')));
  const requestId = crypto.randomUUID();
  headers.set(REQUEST_ID_HEADER, requestId);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set(REQUEST_ID_HEADER, requestId);
  if (req.nextUrl.pathname.startsWith('/h5p/')) {
    // uploaded files, and library files that can carry script (svg, html, xml), run sandboxed
    const path = req.nextUrl.pathname;
    const userFile = /^\/h5p\/(content\/[^/]+\/.|player-files\/|temp\/|libraries\/.+\.(svgz?|html?|xhtml?|xht|xml|xsl|xslt|xsd|mml)$)/i.test(path);
    res.headers.set(
      'Content-Security-Policy',
      // the player page runs content: sandboxed into an opaque origin (lib/h5p/csp.ts)
      path.startsWith('/h5p/embed/')
        ? PLAYER_CSP
        : userFile
          ? "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors *"
          : 'frame-ancestors *',
    );
    // the sandboxed player (origin "null") loads fonts and calls its result/state routes cross-origin; these
    // answers carry no cookie-based credentials (a credentialed request cannot read a `*` answer)
    res.headers.set('Access-Control-Allow-Origin', '*');
    res.headers.delete('X-Frame-Options');
  } else {
    // the API reference page (/api/docs) runs only its own files from this origin
    const docs = req.nextUrl.pathname === '/api/docs' || req.nextUrl.pathname.startsWith('/api/docs/');
    res.headers.set('Content-Security-Policy', docs ? DOCS_CSP : "frame-ancestors 'self'");
    res.headers.set('X-Frame-Options', 'SAMEORIGIN');
  }
  res.headers.set('X-Content-Type-Options', 'nosniff');
  res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  return res;
}

export const config = {
  // Large uploads (/h5p/import up to 500 MB, the H5P editor's /h5p/ajax file uploads) skip the proxy: Next.js
  // buffers a request body for a proxy and cuts it at 10 MB. Those routes stream the body themselves and
  // read nothing the proxy sets (the route wrapper falls back to the Host header and a fresh request id).
  matcher: ['/((?!_next/static|_next/image|favicon.ico|h5p/import$|h5p/ajax$).*)'],
};
