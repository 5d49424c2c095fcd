import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboundUrlError, assertOutboundUrl, isBlockedAddress, outboundFetch } from './outbound';

// config() parses process.env once per process; set ALLOWED_PRIVATE_HOSTS and drop the parsed copy to change it.
const savedAllowed = process.env.ALLOWED_PRIVATE_HOSTS;
function allowPrivate(hosts: string) {
  process.env.ALLOWED_PRIVATE_HOSTS = hosts;
  (globalThis as { __lumenConfig?: unknown }).__lumenConfig = undefined;
}

/** Make host names resolve to the given addresses without touching the network. */
function fakeDns(answers: Record<string, string[]>) {
  return vi.spyOn(dns, 'lookup').mockImplementation(((host: string, _opts: unknown, cb: (e: Error | null, a?: dns.LookupAddress[]) => void) => {
    const ips = answers[host];
    if (!ips) return cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    cb(null, ips.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }) as unknown as typeof dns.lookup);
}

// A stand-in for an LMS on the loopback interface.
let base = '';
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const port = (server.address() as AddressInfo).port;
    const redirect = (status: number, location: string) => res.writeHead(status, { location }).end('moved');
    if (path === '/hello') {
      res.setHeader('link', ['<https://lms.example/m?p=2>; rel="next"', '<https://lms.example/m?p=1>; rel="first"']);
      return res.end('hello');
    }
    if (path === '/redirect') return redirect(302, '/hello');
    if (path === '/loop') return redirect(302, '/loop');
    if (path === '/to-private') return redirect(302, 'http://10.255.255.1/');
    if (path === '/to-localhost') return redirect(302, `http://localhost:${port}/hello`);
    if (path === '/to-other-origin') return redirect(307, `http://lms.test:${port}/echo`);
    if (path === '/see-other') return redirect(303, '/echo');
    if (path === '/temporary') return redirect(307, '/echo');
    if (path === '/echo') {
      const { method, headers } = req;
      return res.end(JSON.stringify({ method, body: Buffer.concat(chunks).toString(), type: headers['content-type'] ?? null, auth: headers.authorization ?? null }));
    }
    if (path === '/big') {
      res.write('x'.repeat(600)); // chunked, no content-length: the limit is counted while reading
      return res.end('x'.repeat(600));
    }
    if (path === '/big-declared') return res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
    if (path === '/slow') return; // never answers
    res.writeHead(404).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  allowPrivate(savedAllowed ?? '');
});
beforeEach(() => allowPrivate(''));
afterEach(() => vi.restoreAllMocks());

describe('isBlockedAddress', () => {
  it.each([
    '0.0.0.0', '10.1.2.3', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.255.254', '169.254.169.254', '172.16.0.1',
    '172.31.255.255', '192.0.0.170', '192.0.2.1', '192.168.1.1', '198.18.0.1', '198.19.255.255', '224.0.0.1', '240.0.0.1',
    '255.255.255.255', '::', '::1', 'fc00::1', 'fd00:ec2::254', 'fe80::1', 'fe80::1%eth0', 'ff02::1', '::ffff:127.0.0.1',
    '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:a00:1::1',
    '2001:db8::1', '2001::1', '[::1]', 'not an address', '',
  ])('blocks %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  it.each([
    '8.8.8.8', '93.184.216.34', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '198.17.255.255',
    '198.20.0.0', '223.255.255.255', '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '::ffff:808:808',
    '64:ff9b::8.8.8.8', '2002:808:808::1', '[2606:4700::1]',
  ])('allows %s', (ip) => expect(isBlockedAddress(ip)).toBe(false));
});

describe('assertOutboundUrl', () => {
  it.each([
    ['file:///etc/passwd', 'URL must use http or https'],
    ['ftp://example.com/x', 'URL must use http or https'],
    ['javascript:alert(1)', 'URL must use http or https'],
    ['not a url', 'URL is not valid'],
    ['https://user:pass@example.com/', 'URL must not contain a user name or password'],
    ['https://user@example.com/', 'URL must not contain a user name or password'],
    ['http://127.0.0.1/', 'URL resolves to a private, loopback or link-local address (127.0.0.1)'],
    ['http://2130706433/', 'URL resolves to a private, loopback or link-local address (127.0.0.1)'],
    ['http://localhost:3000/', 'URL host is not allowed (localhost)'],
    ['http://LMS.localhost./', 'URL host is not allowed (lms.localhost)'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'URL host is not allowed (metadata.google.internal)'],
    ['http://[::1]:8080/', 'URL resolves to a private, loopback or link-local address (::1)'],
    ['http://[::ffff:127.0.0.1]/', 'URL resolves to a private, loopback or link-local address (::ffff:7f00:1)'],
    ['http://169.254.169.254/latest/meta-data/', 'URL resolves to a private, loopback or link-local address (169.254.169.254)'],
    ['https://10.0.0.5/jwks', 'URL resolves to a private, loopback or link-local address (10.0.0.5)'],
  ])('refuses %s', async (url, message) => {
    const lookup = fakeDns({});
    const err = await assertOutboundUrl(url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutboundUrlError);
    expect((err as Error).message).toBe(message);
    expect(lookup).not.toHaveBeenCalled(); // all of these are refused before any DNS
  });

  it('allows a public IP literal without asking DNS', async () => {
    const lookup = fakeDns({});
    expect((await assertOutboundUrl('https://93.184.216.34:8443/.well-known/jwks.json')).host).toBe('93.184.216.34:8443');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('checks every address a host name resolves to', async () => {
    fakeDns({ 'lms.example': ['93.184.216.34'], 'mixed.example': ['93.184.216.34', '10.0.0.5'], 'v6.example': ['fd00::1'] });
    expect((await assertOutboundUrl('https://lms.example/keys')).hostname).toBe('lms.example');
    await expect(assertOutboundUrl('https://mixed.example/')).rejects.toThrow('URL resolves to a private, loopback or link-local address (10.0.0.5)');
    await expect(assertOutboundUrl('https://v6.example/')).rejects.toThrow('(fd00::1)');
    const unknown = await assertOutboundUrl('https://nowhere.example/').catch((e: unknown) => e);
    expect(unknown).not.toBeInstanceOf(OutboundUrlError); // a DNS failure is not a policy refusal
    expect((unknown as Error).message).toMatch(/Could not resolve nowhere\.example/);
  });

  it('lets ALLOWED_PRIVATE_HOSTS name a host or an address', async () => {
    fakeDns({ 'lms.internal': ['10.0.0.7'], localhost: ['127.0.0.1'] });
    allowPrivate('127.0.0.1,localhost,lms.internal');
    expect((await assertOutboundUrl('http://127.0.0.1:8080/')).port).toBe('8080');
    expect((await assertOutboundUrl('http://localhost/')).hostname).toBe('localhost');
    expect((await assertOutboundUrl('http://lms.internal/')).hostname).toBe('lms.internal');
    await expect(assertOutboundUrl('http://10.0.0.8/')).rejects.toThrow(OutboundUrlError);
    allowPrivate('10.0.0.7');
    expect((await assertOutboundUrl('http://lms.internal/')).hostname).toBe('lms.internal'); // matched by its resolved address
  });
});

describe('outboundFetch', () => {
  it('refuses the loopback server unless ALLOWED_PRIVATE_HOSTS lists it', async () => {
    await expect(outboundFetch(`${base}/hello`)).rejects.toThrow('URL resolves to a private, loopback or link-local address (127.0.0.1)');
    allowPrivate('127.0.0.1');
    const res = await outboundFetch(`${base}/hello`);
    expect(res).toMatchObject({ status: 200, text: 'hello', url: `${base}/hello` });
    expect(res.headers['content-length']).toBe('5');
    expect(res.headers.link).toBe('<https://lms.example/m?p=2>; rel="next", <https://lms.example/m?p=1>; rel="first"');
  });

  it('connects to the address it checked when a host name resolves to a private one', async () => {
    const port = (server.address() as AddressInfo).port;
    fakeDns({ 'lms.test': ['127.0.0.1'] });
    await expect(outboundFetch(`http://lms.test:${port}/hello`)).rejects.toThrow('(127.0.0.1)');
    allowPrivate('127.0.0.1');
    expect((await outboundFetch(`http://lms.test:${port}/hello`)).text).toBe('hello');
  });

  it('follows a redirect to the same allowed server', async () => {
    allowPrivate('127.0.0.1');
    const res = await outboundFetch(`${base}/redirect`);
    expect(res).toMatchObject({ status: 200, text: 'hello', url: `${base}/hello` });
  });

  it('checks every redirect hop', async () => {
    allowPrivate('127.0.0.1');
    await expect(outboundFetch(`${base}/to-private`)).rejects.toThrow('URL resolves to a private, loopback or link-local address (10.255.255.1)');
    await expect(outboundFetch(`${base}/to-localhost`)).rejects.toThrow('URL host is not allowed (localhost)');
  });

  it('stops after maxRedirects', async () => {
    allowPrivate('127.0.0.1');
    await expect(outboundFetch(`${base}/loop`, { maxRedirects: 2 })).rejects.toThrow(new OutboundUrlError('Too many redirects'));
  });

  it('turns a POST into a GET without body on 303, and keeps both on 307', async () => {
    allowPrivate('127.0.0.1');
    const init = { method: 'POST', body: 'grant_type=client_credentials', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
    const seeOther = await outboundFetch(`${base}/see-other`, init);
    expect(JSON.parse(seeOther.text)).toEqual({ method: 'GET', body: '', type: null, auth: null });
    const temporary = await outboundFetch(`${base}/temporary`, init);
    expect(JSON.parse(temporary.text)).toEqual({ method: 'POST', body: 'grant_type=client_credentials', type: 'application/x-www-form-urlencoded', auth: null });
  });

  it('drops the Authorization header when a redirect leaves the origin', async () => {
    fakeDns({ 'lms.test': ['127.0.0.1'] });
    allowPrivate('127.0.0.1');
    const res = await outboundFetch(`${base}/to-other-origin`, { method: 'POST', body: '{}', headers: { Authorization: 'Bearer secret' } });
    expect(JSON.parse(res.text)).toMatchObject({ method: 'POST', body: '{}', auth: null });
    const same = await outboundFetch(`${base}/temporary`, { method: 'POST', body: '{}', headers: { Authorization: 'Bearer secret' } });
    expect(JSON.parse(same.text)).toMatchObject({ auth: 'Bearer secret' });
  });

  it('refuses responses larger than maxBytes, declared or not', async () => {
    allowPrivate('127.0.0.1');
    await expect(outboundFetch(`${base}/big`, { maxBytes: 1000 })).rejects.toThrow(new OutboundUrlError('Response too large'));
    await expect(outboundFetch(`${base}/big-declared`, { maxBytes: 1000 })).rejects.toThrow(new OutboundUrlError('Response too large'));
    expect((await outboundFetch(`${base}/big`, { maxBytes: 1200 })).text).toHaveLength(1200);
  });

  it('gives up after timeoutMs with a plain error', async () => {
    allowPrivate('127.0.0.1');
    const started = Date.now();
    const err = await outboundFetch(`${base}/slow?token=abc`, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(OutboundUrlError);
    expect((err as Error).message).toBe(`Request to ${base}/slow timed out after 200 ms`); // no query string: it can hold tokens
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection as a plain error', async () => {
    allowPrivate('127.0.0.1');
    const err = await outboundFetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(OutboundUrlError);
    expect((err as Error).message).toMatch(/^Request to http:\/\/127\.0\.0\.1:1\/ failed: .*ECONNREFUSED/);
  });
});
