// next-auth's own endpoints (csrf, session, providers, signin, signout, callback, error, _log) and nothing
// else: any other path under /api/auth answers the JSON 404 envelope. The spec's /api/auth/* routes
// (login, refresh, me, plans …) are static segments and take precedence over this catch-all.
import NextAuth from 'next-auth';
import { NextRequest } from 'next/server';
import { authOptions, NEXTAUTH_BODY_ERR } from '@/lib/auth/session';
import { readBodyText } from '@/lib/net/body';
import { clientIp } from '@/lib/http/client-ip';
import { AppError } from '@/lib/errors';
import { apiNotFound } from '@/lib/http/not-found';
import { beginSignIn, signInVerdict } from '@/lib/http/sign-in-limit';

type Ctx = { params: Promise<{ nextauth: string[] }> };

/** next-auth's own forms are a few short fields: a body past this is no sign-in */
const NEXTAUTH_BODY_LIMIT = 64 * 1024;

/** The body of a POST, read once (at most NEXTAUTH_BODY_LIMIT) and checked, or the error answer. */
async function readForm(req: NextRequest): Promise<{ text: string; fields: Record<string, unknown> } | Response> {
  const json = (req.headers.get('content-type') ?? '').includes('application/json');
  try {
    const text = await readBodyText(req, NEXTAUTH_BODY_LIMIT);
    if (!json) return { text, fields: Object.fromEntries(new URLSearchParams(text)) };
    // next-auth calls `req.json()` on a JSON body and lets its SyntaxError escape as a 500: checked here first
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError(400, NEXTAUTH_BODY_ERR.notJson);
    }
    // next-auth reads fields off the body (csrfToken, callbackUrl …): anything but an object is no form of its own
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError(400, NEXTAUTH_BODY_ERR.notObject);
    return { text, fields: parsed as Record<string, unknown> };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return Response.json({ success: false, error: err.message }, { status: err.status });
  }
}

const NEXTAUTH_ACTIONS = new Set(['signin', 'signout', 'callback', 'session', 'csrf', 'providers', 'error', '_log']);

async function handler(req: NextRequest, ctx: Ctx) {
  const { nextauth } = await ctx.params;
  // an action, optionally followed by a provider id (signin/<provider>, callback/<provider>)
  const own = nextauth.length <= 2 && NEXTAUTH_ACTIONS.has(nextauth[0] ?? '') && (req.method === 'GET' || req.method === 'POST');
  if (!own) return apiNotFound(req);
  if (req.method !== 'POST') return NextAuth(req, ctx, authOptions());
  const form = await readForm(req);
  if (form instanceof Response) return form;
  // handed on unchanged, the body read once here
  const again = new NextRequest(req.nextUrl, { method: req.method, headers: req.headers, body: form.text });
  if (nextauth[0] !== 'callback') return NextAuth(again, ctx, authOptions());

  // the browser's sign-in: failed attempts count per account and per address (lib/http/sign-in-limit.ts)
  const email = typeof form.fields.email === 'string' ? form.fields.email : '';
  const begun = await beginSignIn(email, clientIp(req.headers));
  if ('refusal' in begun) {
    const { refusal } = begun;
    return Response.json(
      { success: false, error: refusal.message, reason: refusal.scope, retryAfter: refusal.retryAfter },
      { status: 429, headers: refusal.headers },
    );
  }
  let res: Response;
  try {
    res = await NextAuth(again, ctx, authOptions());
  } catch (err) {
    await begun.attempt.undecided();
    throw err;
  }
  const verdict = signInVerdict(res.status, await res.clone().json().catch(() => null));
  await (verdict === 'success' ? begun.attempt.succeeded() : verdict === 'failure' ? begun.attempt.failed() : begun.attempt.undecided());
  return res;
}

export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
