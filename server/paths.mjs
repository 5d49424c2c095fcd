// Facts about request paths and the headers the front server owns, stated once for the front server
// (server/server.mjs, server/header-policy.mjs) and the app (lib/net/body.ts, lib/tenant/host.ts,
// lib/http/client-ip.ts, lib/http/edge-headers.ts), which import them from here. A module of its own rather than
// part of header-policy.mjs: these are not headers of a path class, and the edge-safe lib/ modules that need one
// of them should not load the whole header policy. No imports, plain JavaScript: the front server runs it before
// (and without) the app's build. The one copy that cannot import it is proxy.ts's matcher (Next.js reads it as a
// literal at build time); server/header-policy.test.ts checks that literal against STREAMING_UPLOAD_PATHS.

/** The JSON request body limit (also the limit of every non-file body), for the front server and the route wrapper. */
export const JSON_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The routes that take large uploads: they skip proxy.ts (Next.js buffers a proxied body and cuts it at 10 MB)
 * and the front server does not apply the JSON body limit to them.
 */
export const STREAMING_UPLOAD_PATHS = ['/h5p/import', '/h5p/ajax', '/api/ai/jobs/pdf', '/api/ai/jobs/video', '/api/ai/generate/image-hotspots'];
export const STREAMING_UPLOADS = /^\/(h5p\/(import|ajax)|api\/ai\/jobs\/(pdf|video)|api\/ai\/generate\/image-hotspots)\/?$/;

/** Set by proxy.ts on every request: the normalised host. The front server drops a client's own. */
export const HOST_HEADER = 'x-lumen-host';

/** Set by the front server from the socket on every request; a client's own is overwritten. */
export const CONNECTION_IP_HEADER = 'x-lumen-connection-ip';

/** A library's folder name in the file store and its URLs: `H5P.MultiChoice-1.16`. */
export const LIBRARY_DIR = /^[\w.]+-\d+\.\d+$/;

/**
 * The app's own routes under /h5p/content/<id>/ and /h5p/libraries/ (folders of app/h5p/…, which Next.js matches
 * before the file routes): the front server leaves these names to Next.js. server/paths.test.ts checks them
 * against the folders under app/.
 */
export const CONTENT_ROUTE_NAMES = new Set(['duplicate', 'embed-settings', 'export', 'export-cmi5', 'export-html', 'export-scorm', 'metadata', 'presence', 'quality', 'revisions', 'shares', 'tags', 'transfer', 'visibility']);
export const LIBRARY_ROUTE_NAMES = new Set(['install', 'install-essentials', 'status']);
