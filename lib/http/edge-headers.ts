// The headers every answer carries by path (set by proxy.ts for Next.js routes, and by the front server's fast
// lane for the routes it answers directly): permissive embedding under /h5p/ (content plays inside other sites'
// iframes), same-origin elsewhere; user files and scriptable library files sandboxed.
import { PLAYER_CSP } from '@/lib/h5p/csp';
import { DOCS_CSP } from '@/lib/http/docs-csp';
import { USER_FILE_CSP } from '../../scripts/file-types.mjs';

const USER_FILE = /^\/h5p\/(content\/[^/]+\/.|player-files\/|temp\/|libraries\/.+\.(svgz?|html?|xhtml?|xht|xml|xsl|xslt|xsd|mml)$)/i;

const LTI_FRAMED = /^\/lti\/(launch|login|picker)(\/|$)/;

/** The response headers of a path; `remove` lists the ones it must not carry. */
export function edgeHeaders(pathname: string): { set: Record<string, string>; remove: string[] } {
  const set: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' };
  if (pathname.startsWith('/h5p/')) {
    // the player page runs content: sandboxed into an opaque origin (lib/h5p/csp.ts)
    set['Content-Security-Policy'] = pathname.startsWith('/h5p/embed/') ? PLAYER_CSP : USER_FILE.test(pathname) ? USER_FILE_CSP : 'frame-ancestors *';
    // the sandboxed player (origin "null") loads fonts and calls its result/state routes cross-origin; these
    // answers carry no cookie-based credentials (a credentialed request cannot read a `*` answer)
    set['Access-Control-Allow-Origin'] = '*';
    return { set, remove: ['X-Frame-Options'] };
  }
  // the LTI pages an LMS shows in its iframe (the launch's redirect, the deep-linking picker) are framed by any LMS
  if (LTI_FRAMED.test(pathname)) {
    set['Content-Security-Policy'] = 'frame-ancestors *';
    return { set, remove: ['X-Frame-Options'] };
  }
  // the API reference page (/api/docs) runs only its own files from this origin
  const docs = pathname === '/api/docs' || pathname.startsWith('/api/docs/');
  set['Content-Security-Policy'] = docs ? DOCS_CSP : "frame-ancestors 'self'";
  set['X-Frame-Options'] = 'SAMEORIGIN';
  return { set, remove: [] };
}
