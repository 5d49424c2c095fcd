// Which host names a tenant may claim as its custom domain (issue 24 item 9: the pure policy, with explicit options).
import { describe, expect, it } from 'vitest';
import { reservedDomainReason } from './domain-policy';

const opts = { appUrl: 'https://app.lumen.test', baseDomain: 'lumen.test', contentUrl: 'https://content.example.net:8443' };

describe('reservedDomainReason', () => {
  it('allows an ordinary host name of the tenant', () => {
    expect(reservedDomainReason('learn.school.edu', opts)).toBeNull();
    expect(reservedDomainReason('notlumen.test', opts)).toBeNull();
  });
  it('refuses localhost in any case and with a trailing dot', () => {
    expect(reservedDomainReason('localhost', opts)).toBe('must not be localhost');
    expect(reservedDomainReason('Evil.LOCALHOST.', opts)).toBe('must not be localhost');
  });
  it('refuses IPv4 literals in the forms a URL parser accepts', () => {
    for (const ip of ['1.2.3.4', '0x7f.1', '2130706433']) expect(reservedDomainReason(ip, opts)).toBe('must be a host name, not an IP address');
  });
  it("refuses the platform's own hosts", () => {
    expect(reservedDomainReason('APP.lumen.test', { ...opts, baseDomain: '' })).toBe("must not be the platform's own host name");
    expect(reservedDomainReason('content.example.net', opts)).toBe("must not be the platform's own host name");
  });
  it('refuses BASE_DOMAIN and every name under it', () => {
    const why = 'must not be lumen.test or a name under it (those are the platform\'s own)';
    expect(reservedDomainReason('lumen.test', opts)).toBe(why);
    expect(reservedDomainReason('acme.lumen.test', opts)).toBe(why);
  });
  it('compares nothing with an unparsable APP_URL', () => {
    expect(reservedDomainReason('app.lumen.test', { appUrl: 'not a url', baseDomain: '' })).toBeNull();
  });
});
