// Content-Security-Policy of the API reference page (/api/docs, lib/http/api-docs.ts): scripts, styles and the
// document only from this origin. Kept with every other path's headers in server/header-policy.mjs.
export { DOCS_CSP } from '../../server/header-policy.mjs';
