// Content-Security-Policy of the player page (lib/h5p/embed.ts); a module of its own so proxy.ts can use it.

/** What sandboxed content may still do: run its scripts, open links in new windows, go full screen, submit forms. */
export const PLAYER_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-presentation allow-modals';

/**
 * The player page's policy: an opaque origin (sandbox), scripts and styles only from this service (H5P content
 * types need inline and eval'd script), media also from https (video and audio hosts), frames only https
 * (YouTube, Vimeo …), no plugins, no <base>, embeddable anywhere.
 */
export const PLAYER_CSP = [
  `sandbox ${PLAYER_SANDBOX}`,
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ');
