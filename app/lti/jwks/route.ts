import { route } from '@/lib/http/route';
import { toolJwks } from '@/lib/lti/keys';

export const dynamic = 'force-dynamic';

// The tool's public key set (generated on first use, shared by every instance: lib/lti/keys.ts); any failure is
// the route wrapper's `500 Failed to get JWKS`.
export const GET = route({ action: 'get JWKS', auth: 'none', summary: 'The tool\'s public key set (RS256)', tags: ['LTI'], response: { kind: 'json', description: 'keys: kty, n, e, kid, use (sig), alg (RS256)' } }, async () =>
  Response.json(await toolJwks(), { headers: { 'Cache-Control': 'public, max-age=300' } }),
);
