// The browser a deep-linking launch belongs to (issue 22 item 1). The picker runs in the LMS's iframe, where the
// session cookie (SameSite=Lax) is not sent, so the launch token in the URL is all that carries the launch — and
// a token can be replayed by a cross-site form post from another browser. GET /lti/picker therefore gives the
// browser that first opens a launch's picker a random binding cookie and stores its sha256 on the launch; the
// picker's list and its submit answer only that browser. One cookie per browser (per partition): a second launch
// opened in the same browser reuses it, so two pickers open side by side both keep working.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { LtiLaunch } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { LAUNCH_TOKEN_SECONDS } from './launch';

export const BINDING_COOKIE = 'lumen_lti_browser';
export const OTHER_BROWSER = 'This launch was opened in another browser: open it again from your course';

const VALUE = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** The request's binding cookie when it is one of ours (well-formed), else null. */
export const bindingOf = (cookie: string | null | undefined): string | null => (cookie && VALUE.test(cookie) ? cookie : null);

/**
 * Browsers treat https and the loopback hosts as secure contexts: there the cookie is `SameSite=None; Secure;
 * Partitioned` (CHIPS), which an LMS's cross-site iframe keeps even with third-party cookies blocked, in a jar of
 * that LMS's site only. Elsewhere (plain http on another host) `Secure` would be dropped: Lax, first-party only.
 */
function cookieAttributes(): string {
  const app = new URL(config().appUrl);
  const secure = app.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(app.hostname);
  return `Path=/lti/; HttpOnly; Max-Age=${LAUNCH_TOKEN_SECONDS}; ${secure ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax'}`;
}

/**
 * Binds the launch to this browser the first time its picker opens (the first opener wins); answers the
 * Set-Cookie header to send, or 403 when another browser holds the launch.
 */
export async function bindLaunch(launch: Pick<LtiLaunch, 'id' | 'browserBinding'>, cookie: string | null | undefined): Promise<string> {
  const value = bindingOf(cookie) ?? randomBytes(32).toString('base64url');
  const hash = hashOf(value);
  if (!launch.browserBinding) {
    await db().ltiLaunch.updateMany({ where: { id: launch.id, browserBinding: null }, data: { browserBinding: hash } });
    const row = await db().ltiLaunch.findUnique({ where: { id: launch.id }, select: { browserBinding: true } });
    launch = { id: launch.id, browserBinding: row?.browserBinding ?? null };
  }
  assertBound(launch, value);
  return `${BINDING_COOKIE}=${value}; ${cookieAttributes()}`;
}

/** 403 unless the request carries the binding cookie of the browser the launch is bound to. */
export function assertBound(launch: Pick<LtiLaunch, 'browserBinding'>, cookie: string | null | undefined): void {
  const value = bindingOf(cookie);
  if (!value || !launch.browserBinding) throw new AppError(403, OTHER_BROWSER);
  const a = Buffer.from(hashOf(value));
  const b = Buffer.from(launch.browserBinding);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError(403, OTHER_BROWSER);
}
