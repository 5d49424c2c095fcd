// Content-Security-Policy of the API reference page (/api/docs, lib/http/api-docs.ts); a module of its own so
// proxy.ts can use it: scripts, styles and the document only from this origin.
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes on its elements
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');
