import { bearerFrom } from '@/lib/auth/authenticate';

/**
 * The token forwarded to the central curriculum service: the caller's bearer token (header, or ?token= for
 * frames), else — for a signed-in browser — the identity provider's token its session holds on the server.
 */
export function callerToken(ctx: { req: { headers: Headers }; url: URL; providerToken: () => string | undefined }): string | undefined {
  return bearerFrom(ctx.req.headers, ctx.url) ?? ctx.providerToken();
}

/** The tenant whose local frameworks a caller sees: their account's (none when anonymous or without a tenant). */
export function tenantOf(ctx: { user: { tenantId: string | null } | null }): string | null {
  return ctx.user?.tenantId ?? null;
}
