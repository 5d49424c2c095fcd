// The API reference page (/api/docs): Swagger UI (swagger-ui-dist, a maintained renderer of OpenAPI 3.1)
// served from this origin — its bundle, its stylesheet and a small start script — reading /api/openapi.json.
// Nothing is fetched from anywhere else, and the page's policy says so.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError, errorOf, NOT_FOUND } from '@/lib/errors';

export { DOCS_CSP } from './docs-csp';

const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lumen Learn API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<noscript><p>The API reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`;

const ASSETS: Record<string, { type: string; file?: string; text?: string }> = {
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'docs.js': { type: 'text/javascript; charset=utf-8', text: START_SCRIPT },
};

const loaded = new Map<string, Buffer>();

/** The asset route's own error: no such asset. */
export const DOCS_ERR = { notFound: errorOf(404, NOT_FOUND) } as const;

/** One asset of the reference page (read once from swagger-ui-dist), or 404 Not found. */
export async function docsAsset(name: string): Promise<Response> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) throw AppError.of(DOCS_ERR.notFound);
  let body = loaded.get(name);
  if (!body) {
    body = asset.text !== undefined ? Buffer.from(asset.text) : await fsp.readFile(path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', asset.file!));
    loaded.set(name, body);
  }
  return new Response(new Uint8Array(body), { headers: { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=3600' } });
}
