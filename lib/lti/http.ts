// What the /lti route handlers share: the spec's 401 text, form bodies, redirects and the tool's HTML pages' headers.
import { readBodyText } from '@/lib/net/body';
import { AppError } from '@/lib/errors';

/** The LTI endpoints' authentication refusal (spec "LTI other": 401 Unauthorized). */
export const LTI_UNAUTHORIZED = 'Unauthorized';

/** A launch or login form is small; anything larger is not one. */
const FORM_LIMIT = 64 * 1024;

/** The form-urlencoded (or query) parameters of a request. */
export async function formParams(req: Request): Promise<URLSearchParams> {
  const url = new URL(req.url);
  if (req.method === 'GET' || req.method === 'HEAD') return url.searchParams;
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = await readBodyText(req, FORM_LIMIT);
  if (type && type !== 'application/x-www-form-urlencoded') throw new AppError(400, 'Validation error: the body must be application/x-www-form-urlencoded');
  const form = new URLSearchParams(text);
  // a POSTed login may carry its parameters in the query as well
  for (const [k, v] of url.searchParams) if (!form.has(k)) form.set(k, v);
  return form;
}

export const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } });
