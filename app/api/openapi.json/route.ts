import { route } from '@/lib/http/route';
import { buildOpenApi, routeDocsOf } from '@/lib/http/openapi';
import { API_INFO } from '@/lib/http/openapi-info';
import { ROUTE_MODULES } from './routes';

export const dynamic = 'force-dynamic';

let cached: Record<string, unknown> | undefined;

// The OpenAPI 3.1 document, built once per process by walking the route files (./routes.ts, written by
// scripts/route-index.mjs): each route's own options (summary, tags, response schema, errors) are its contract.
export const GET = route(
  {
    action: 'build the API document',
    auth: 'none',
    tier: 'PUBLIC',
    summary: 'This OpenAPI 3.1 document',
    tags: ['Service'],
    response: { kind: 'json', description: 'the OpenAPI document' },
  },
  async () => {
    cached ??= buildOpenApi(API_INFO, routeDocsOf(ROUTE_MODULES));
    return Response.json(cached, { headers: { 'Cache-Control': 'public, max-age=300' } });
  },
);
