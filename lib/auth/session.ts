// The browser session: next-auth (JWT strategy) for the sign-in form over the same login service as
// POST /api/auth/login. The cookie carries only an opaque session id; the identity provider's tokens stay on the
// server (lib/auth/browser-session.ts), which refreshes them and slides the session. Nothing a page script can
// read (next-auth's /api/auth/session included) holds a token.
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { log } from '@/lib/log';
import {
  createBrowserSession,
  endBrowserSession,
  resolveBrowserSession,
  SessionEndedError,
  PROVIDER_TOKEN_TOLERANCE_S,
  SESSION_MAX_MS,
  sessionIdFromCookie,
  type ResolvedSession,
} from './browser-session';
import { INVALID_CREDENTIALS, passwordGrant } from './idp';
import { safeNextPath } from './redirect';
import { admitSignIn, provisionUser } from './users';
import { verifyAccessToken } from './verify';

declare module 'next-auth' {
  interface Session {
    user: { id: string; email: string; name: string; plan: string };
  }
  interface User {
    sid: string;
    plan: string;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    uid?: string;
    plan?: string;
    /** the browser session id (lib/auth/browser-session.ts) */
    sid?: string;
  }
}

/** A JSON body to next-auth's own endpoints is checked before next-auth reads it (app/api/auth/[...nextauth]). */
export const NEXTAUTH_BODY_ERR = {
  notJson: 'Validation error: body is not valid JSON',
  notObject: 'Validation error: body must be a JSON object',
} as const;

export function authOptions(): NextAuthOptions {
  const secure = config().appUrl.startsWith('https://');
  return {
    secret: config().authSecret,
    // the cookie may live as long as the longest session; the server ends idle and old sessions itself
    session: { strategy: 'jwt', maxAge: Math.floor(SESSION_MAX_MS / 1000) },
    useSecureCookies: secure,
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) throw new Error(INVALID_CREDENTIALS);
          try {
            const tokens = await passwordGrant(credentials.email.trim(), credentials.password);
            const payload = await verifyAccessToken(tokens.access_token, { clockTolerance: PROVIDER_TOKEN_TOLERANCE_S });
            const user = await provisionUser(payload, payload.role?.type ?? 'student');
            await admitSignIn(user);
            const sid = await createBrowserSession(user.id, payload, tokens);
            return { id: user.id, email: user.email, name: user.name, plan: user.plan, sid };
          } catch (err) {
            // the spec's texts (Invalid email or password / Account is disabled) reach the sign-in form
            if (err instanceof AppError) throw new Error(err.message);
            log.error({ err }, 'sign-in failed');
            throw new Error('Sign-in is unavailable right now. Please try again later.');
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) return { sub: token.sub, email: user.email, name: user.name, uid: user.id, plan: user.plan, sid: user.sid };
        return token;
      },
      async session({ session, token }) {
        // what a page script may see: who is signed in, never a token
        return { expires: session.expires, user: { id: token.uid ?? '', email: token.email ?? '', name: token.name ?? '', plan: token.plan ?? 'free' } };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === 'string') await endBrowserSession(token.sid, 'signed_out').catch((err) => log.warn({ err }, 'sign-out not recorded'));
      },
    },
  };
}

/** The signed-in browser session of a server component, or null (none, or it has ended). */
export async function currentSession(): Promise<ResolvedSession | null> {
  const state = await sessionState();
  return 'session' in state ? state.session : null;
}

/** Resolved once per server render (React's request cache): the page and its shell share one lookup. */
const sessionState = cache(async (): Promise<{ session: ResolvedSession } | { ended: string | null }> => {
  const jar = await cookies();
  const sid = await sessionIdFromCookie(jar.toString() || null);
  if (!sid) return { ended: null };
  try {
    return { session: await resolveBrowserSession(sid) };
  } catch (err) {
    if (err instanceof SessionEndedError) return { ended: err.reason };
    throw err;
  }
});

/**
 * The signed-in user of a workspace page; otherwise a redirect to the sign-in page, which says why when a
 * session has ended.
 */
export async function requirePageSession(next: string): Promise<ResolvedSession> {
  const state = await sessionState();
  if ('session' in state) return state.session;
  const path = safeNextPath(next);
  redirect(`/login?next=${encodeURIComponent(path)}${state.ended ? `&ended=${encodeURIComponent(state.ended)}` : ''}`);
}
