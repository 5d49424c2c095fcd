// Host parsing shared by proxy.ts and the tenant resolver (no server-only imports).

/** Lowercase, without port, trailing dot and a leading `www.`. */
export function normalizeHost(host: string | null | undefined): string {
  let h = (host ?? '').trim().toLowerCase();
  h = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
  h = h.replace(/\.$/, '');
  return h.startsWith('www.') ? h.slice(4) : h;
}

/** Set by proxy.ts on every request: the normalised host (an inbound value is overwritten). */
export { HOST_HEADER } from '../../server/paths.mjs';
export const REQUEST_ID_HEADER = 'x-request-id';
