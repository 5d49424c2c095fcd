// Content files (/h5p/content/<id>/<file…>), with Range. Files of public content and of content without an owner
// are static assets served without login (spec "Authentication" 6); files of private content only to a caller
// the content read rule lets in (lib/h5p/content/access.ts: owner, admin of the owner's tenant, super_admin, that
// content's embed/player token). Anyone else — no credential, a bad one, or the wrong caller — gets 404.
import { authenticate } from '@/lib/auth/authenticate';
import { ANONYMOUS, contentAccessFacts, mayRead, readerMayRead, readerOf, type ContentAccessFacts } from '@/lib/h5p/content/access';
import { contentPrefix } from '@/lib/h5p/engine/paths';
import { notFound, serveStored, USER_FILE_CSP } from '@/lib/h5p/http/files';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ contentId: string; file: string[] }> };

async function callerMayRead(req: Request, contentId: string, facts: ContentAccessFacts): Promise<boolean> {
  try {
    const auth = await authenticate(req.headers, new URL(req.url));
    return !!auth && (await readerMayRead(readerOf(auth.principal, auth.user), contentId, facts));
  } catch {
    return false; // an invalid or expired credential is no credential
  }
}

async function handle(req: Request, { params }: Ctx) {
  const { contentId, file } = await params;
  if (contentId.length > 100) return notFound(); // content ids are at most 100 characters
  let prefix: string;
  try {
    prefix = contentPrefix(contentId);
  } catch {
    return notFound();
  }
  const facts = await contentAccessFacts(contentId);
  if (!facts) return notFound();
  const open = mayRead(ANONYMOUS, contentId, facts);
  if (!open && !(await callerMayRead(req, contentId, facts))) return notFound();
  return serveStored(req, `${prefix}${file.join('/')}`, {
    // a private file must never sit in a shared cache
    cacheControl: open ? 'public, max-age=3600' : 'private, max-age=3600',
    range: true,
    headers: { 'Content-Security-Policy': USER_FILE_CSP, ...(open ? {} : { Vary: 'Authorization' }) },
  });
}

export const GET = handle;
export const HEAD = handle;
