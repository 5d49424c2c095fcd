import { config } from '@/lib/config';

/** Set by our HTTP server (server/server.mjs) from the socket on every request; clients cannot supply it. */
import { CONNECTION_IP_HEADER } from '../../server/paths.mjs';
export { CONNECTION_IP_HEADER };

/**
 * The client's IP: the connection's address, or the first X-Forwarded-For entry when TRUST_PROXY=true
 * (the app then runs behind a proxy that sets it).
 */
export function clientIp(headers: Headers): string {
  if (config().trustProxy) {
    const first = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  return headers.get(CONNECTION_IP_HEADER) ?? 'unknown';
}
