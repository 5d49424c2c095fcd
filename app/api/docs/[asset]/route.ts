import { z } from 'zod';
import { docsAsset, DOCS_ERR } from '@/lib/http/api-docs';
import { route } from '@/lib/http/route';

const params = z.object({ asset: z.string().min(1).max(100) });

// The reference page's script, stylesheet and start script (lib/http/api-docs.ts); any other name is 404.
export const GET = route(
  {
    action: 'load the API reference',
    auth: 'none',
    tier: 'PUBLIC',
    params,
    summary: 'A script or stylesheet of the reference page',
    tags: ['Service'],
    response: { kind: 'file', description: 'swagger-ui-bundle.js, swagger-ui.css or docs.js', contentType: 'text/javascript' },
    errors: [DOCS_ERR.notFound],
  },
  async (ctx) => docsAsset(ctx.params.asset),
);
