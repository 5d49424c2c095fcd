// next-auth's own endpoints (csrf, session, providers, signin, signout, callback, error, _log) and nothing
// else: any other path under /api/auth answers the JSON 404 envelope. The spec's /api/auth/* routes
// (login, refresh, me, plans …) are static segments and take precedence over this catch-all.
import NextAuth from 'next-auth';
import { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/session';
import { readBodyText } from '@/lib/http/body';
import { clientIp } from '@/lib/http/client-ip';
import { AppError } from '@/lib/http/errors';
import { apiNotFound } from '@/lib/http/not-found';
import { RATE_LIMIT_MESSAGES, rateLimit } from '@/lib/http/rate-limit';

type Ctx = { params: Promise<{ nextauth: string[] }> };

/** next-auth's own forms are a few short fields: a body past this is no sign-in */
const NEXTAUTH_BODY_LIMIT = 64 * 1024;

/**
 * next-auth calls `req.json()` on a JSON body and lets its SyntaxError escape as a 500: the body is read and
 * checked here first (400 `Validation error: body is not valid JSON`, or `… body must be a JSON object`), then
 * handed on unchanged.
 */
async function checkedJsonBody(req: NextRequest): Promise<NextRequest | Response> {
  if (req.method !== 'POST' || !(req.headers.get('content-type') ?? '').includes('application/json')) return req;
  let text: string;
  try {
    text = await readBodyText(req, NEXTAUTH_BODY_LIMIT);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError(400, 'Validation error: body is not valid JSON');
    }
    // next-auth reads fields off the body (csrfToken, callbackUrl …): anything but an object is no form of its own
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError(400, 'Validation error: body must be a JSON object');
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return Response.json({ success: false, error: err.message }, { status: err.status });
  }
  return new NextRequest(req.nextUrl, { method: req.method, headers: req.headers, body: text });
}

const NEXTAUTH_ACTIONS = new Set(['signin', 'signout', 'callback', 'session', 'csrf', 'providers', 'error', '_log']);

async function handler(req: NextRequest, ctx: Ctx) {
  const { nextauth } = await ctx.params;
  // an action, optionally followed by a provider id (signin/<provider>, callback/<provider>)
  const own = nextauth.length <= 2 && NEXTAUTH_ACTIONS.has(nextauth[0] ?? '') && (req.method === 'GET' || req.method === 'POST');
  if (!own) return apiNotFound(req);
  // a browser sign-in is a login: same AUTH tier as POST /api/auth/login
  if (req.method === 'POST' && nextauth[0] === 'callback') {
    const limit = await rateLimit('AUTH', clientIp(req.headers));
    if (limit.limited) {
      return Response.json({ success: false, error: RATE_LIMIT_MESSAGES.AUTH }, { status: 429, headers: limit.headers });
    }
  }
  const checked = await checkedJsonBody(req);
  if (checked instanceof Response) return checked;
  return NextAuth(checked, ctx, authOptions());
}

export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
