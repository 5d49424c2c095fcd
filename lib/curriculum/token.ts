// The caller's bearer token, forwarded to the central curriculum service (header, or ?token= for frames).
export function callerToken(req: { headers: Headers }, url: URL): string | undefined {
  const h = req.headers.get('authorization');
  const m = h ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
  return m?.[1] ?? url.searchParams.get('token') ?? undefined;
}
