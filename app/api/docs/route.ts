import { DOCS_CSP, DOCS_PAGE } from '@/lib/http/api-docs';
import { route } from '@/lib/http/route';

// The API reference page: Swagger UI rendering /api/openapi.json, every file from this origin.
export const GET = route(
  {
    action: 'show the API reference',
    auth: 'none',
    tier: 'PUBLIC',
    summary: 'The API reference page',
    tags: ['Service'],
    response: { kind: 'html', description: 'an HTML page rendering this document' },
  },
  async () =>
    new Response(DOCS_PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'Content-Security-Policy': DOCS_CSP } }),
);
