import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// The OpenAPI 3.1 document, built once per process from the routes' own options (lib/http/openapi-routes.ts).
export const GET = route({ action: 'build the API document', auth: 'none', tier: 'PUBLIC' }, async () => {
  const { apiDocument } = await import('@/lib/http/openapi-routes');
  return Response.json(apiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } });
});
