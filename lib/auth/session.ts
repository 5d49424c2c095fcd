// The browser session: next-auth (JWT strategy) over the same login service as POST /api/auth/login.
// The session keeps the IdP's access and refresh tokens server-side in the encrypted session cookie and
// refreshes the access token shortly before it expires.
import type { NextAuthOptions, Session } from 'next-auth';
import { getServerSession } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { config } from '@/lib/config';
import { AppError } from '@/lib/http/errors';
import { log } from '@/lib/log';
import { login, refresh } from './login';

const REFRESH_MARGIN_MS = 30_000;

declare module 'next-auth' {
  interface Session {
    accessToken?: string;
    error?: string;
    user: { id: string; email: string; name: string; plan: string };
  }
  interface User {
    accessToken: string;
    refreshToken: string;
    expiresAt: number;
    plan: string;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    uid?: string;
    plan?: string;
    accessToken?: string;
    refreshToken?: string;
    expiresAt?: number;
    error?: string;
  }
}

export function authOptions(): NextAuthOptions {
  const secure = config().appUrl.startsWith('https://');
  return {
    secret: config().authSecret,
    session: { strategy: 'jwt', maxAge: 8 * 60 * 60 },
    useSecureCookies: secure,
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) throw new Error('Invalid email or password');
          try {
            const r = await login(credentials.email, credentials.password);
            return {
              id: r.user.id,
              email: r.user.email,
              name: r.user.name,
              plan: r.user.plan,
              accessToken: r.token,
              refreshToken: r.refreshToken,
              expiresAt: Date.now() + r.expiresIn * 1000,
            };
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
        if (user) {
          return { ...token, uid: user.id, plan: user.plan, accessToken: user.accessToken, refreshToken: user.refreshToken, expiresAt: user.expiresAt };
        }
        if (token.expiresAt && Date.now() < token.expiresAt - REFRESH_MARGIN_MS) return token;
        if (!token.refreshToken) return { ...token, error: 'RefreshFailed' };
        try {
          const r = await refresh(token.refreshToken);
          return { ...token, accessToken: r.token, refreshToken: r.refreshToken, expiresAt: Date.now() + r.expiresIn * 1000, error: undefined };
        } catch {
          return { ...token, accessToken: undefined, error: 'RefreshFailed' };
        }
      },
      async session({ session, token }) {
        const s: Session = session;
        s.user = { id: token.uid ?? '', email: token.email ?? '', name: token.name ?? '', plan: token.plan ?? 'free' };
        s.accessToken = token.accessToken;
        s.error = token.error;
        return s;
      },
    },
  };
}

/** The signed-in browser session in a server component, or null (also when the refresh failed). */
export async function currentSession(): Promise<Session | null> {
  const s = await getServerSession(authOptions());
  return s && !s.error ? s : null;
}
