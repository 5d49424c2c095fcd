// next-auth's own endpoints (csrf, session, callback/credentials, signout). The spec's /api/auth/* routes
// (login, refresh, me, plans …) are static segments and take precedence over this catch-all.
import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/session';
import { clientIp } from '@/lib/http/client-ip';
import { RATE_LIMIT_MESSAGES, rateLimit } from '@/lib/http/rate-limit';

type Ctx = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, ctx: Ctx) {
  const { nextauth } = await ctx.params;
  // a browser sign-in is a login: same AUTH tier as POST /api/auth/login
  if (req.method === 'POST' && nextauth[0] === 'callback') {
    const limit = await rateLimit('AUTH', clientIp(req.headers));
    if (limit.limited) {
      return Response.json({ success: false, error: RATE_LIMIT_MESSAGES.AUTH }, { status: 429, headers: limit.headers });
    }
  }
  return NextAuth(req, ctx, authOptions());
}

export { handler as GET, handler as POST };
