// Which host names a tenant may claim as its custom domain (issue 22 item 4). A tenant's custom domain resolves
// before anything else (spec "Common rules"), so a name the platform answers for itself — the app's own host,
// BASE_DOMAIN and the {slug}.BASE_DOMAIN names of every tenant, the content origin's host (CONTENT_URL), localhost,
// an IP address — would let one tenant take over the main site, another tenant's subdomain or the content host. Such names are refused when claimed and never resolved through a
// custom_domain that somehow holds one.
import { config } from '@/lib/config';
import { normalizeHost } from './host';

/** Why a host name may not be a tenant's custom domain (a host the platform answers for itself), or null. */
export function reservedDomainReason(domain: string, opts: { appUrl: string; baseDomain: string; contentUrl?: string } = config()): string | null {
  const host = domain.toLowerCase().replace(/\.$/, '');
  const hostOf = (url: string | undefined) => {
    try {
      return url ? normalizeHost(new URL(url).host) : '';
    } catch {
      // APP_URL and CONTENT_URL are validated at start-up; nothing to compare then
      return '';
    }
  };
  const appHost = hostOf(opts.appUrl);
  const contentHost = hostOf(opts.contentUrl);
  const base = normalizeHost(opts.baseDomain);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'must not be localhost';
  // an IPv4 literal in any of the forms a URL parser accepts (1.2.3.4, 0x7f.1, 2130706433): its last label is a number
  const last = host.split('.').pop() ?? '';
  if (/^(0x[0-9a-f]*|[0-9]+)$/.test(last)) return 'must be a host name, not an IP address';
  if (appHost && (host === appHost || normalizeHost(host) === appHost)) return "must not be the platform's own host name";
  if (contentHost && (host === contentHost || normalizeHost(host) === contentHost)) return "must not be the platform's own host name";
  if (base && (host === base || host.endsWith(`.${base}`))) return `must not be ${base} or a name under it (those are the platform's own)`;
  return null;
}
