// PUT /api/tenant/brand and PUT /api/tenant/domain (spec "Tenant" endpoints; issue 10 item 4): the tenant of the
// request's hostname, the whitelabel gate and the member rule with a plain 403 Forbidden, the bounds, the merge,
// 404 Tenant not found, the domain clash as 500 Failed to update custom domain, and a new domain resolving at once.
import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { issueEmbedToken } from '@/lib/auth/embed-token';
import { db } from '@/lib/db/client';
import { accessibleBrand } from '@/lib/tenant/contrast';
import { createContent, installTestLibraries } from '../support/h5p';
import { createTenant, setPlan, signedIn, signedInTenant } from '../support/factories';
import { randomIp } from '../support/http';

interface Answer {
  status: number;
  type: string;
  text: string;
  body: any;
}

/** A request with a chosen Host header (fetch cannot set Host). */
function call(method: string, path: string, host: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const u = new URL(inject('appUrl'));
  const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: u.hostname,
        port: u.port,
        method,
        path,
        headers: {
          Host: host,
          'X-Forwarded-For': randomIp(),
          ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
          ...(payload !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let s = '';
        res.on('data', (c) => (s += c));
        res.on('end', () => {
          let body: unknown = null;
          try {
            body = JSON.parse(s);
          } catch {
            /* plain text */
          }
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text: s, body });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** A tenant and one of its admins on the premium plan (whitelabel): only a tenant's admins change it (issue 22 item 4). */
async function tenantWithMember(brandConfig: object = {}) {
  const tenant = await createTenant({ brandConfig });
  const member = await signedInTenant(['tenant_admin'], tenant.id);
  await setPlan(member.user.id, 'premium');
  return { tenant, member };
}

describe('PUT /api/tenant/brand', () => {
  it('merges the supplied fields into the stored configuration and answers the full merged configuration', async () => {
    const { tenant, member } = await tenantWithMember({ primaryColor: '#112233', appName: 'North School', customCss: 'body{}' });
    const res = await call('PUT', '/api/tenant/brand', tenant.domain, { token: member.token, body: { primaryColor: '#AABBCC', logoUrl: 'https://cdn.example.org/logo.png' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { brandConfig: { primaryColor: '#AABBCC', logoUrl: 'https://cdn.example.org/logo.png', faviconUrl: null, appName: 'North School', customCss: 'body{}' } },
    });
    // a null clears a field; the rest stays
    const cleared = await call('PUT', '/api/tenant/brand', tenant.domain, { token: member.token, body: { logoUrl: null, customCss: null } });
    expect(cleared.body.data.brandConfig).toEqual({ primaryColor: '#AABBCC', logoUrl: null, faviconUrl: null, appName: 'North School', customCss: null });
    // the tenant's pages see it at once
    const current = await call('GET', '/api/tenant/current', tenant.domain);
    expect(current.body.data.brandConfig.primaryColor).toBe('#AABBCC');
    expect((await db().tenant.findUniqueOrThrow({ where: { id: tenant.id } })).brandConfig).toMatchObject({ primaryColor: '#AABBCC', appName: 'North School', logoUrl: null });
  });

  it('keeps both of two concurrent updates of different fields', async () => {
    const { tenant, member } = await tenantWithMember();
    await Promise.all([
      call('PUT', '/api/tenant/brand', tenant.domain, { token: member.token, body: { primaryColor: '#010203' } }),
      call('PUT', '/api/tenant/brand', tenant.domain, { token: member.token, body: { appName: 'Both Kept' } }),
    ]);
    expect((await call('GET', '/api/tenant/current', tenant.domain)).body.data.brandConfig).toMatchObject({ primaryColor: '#010203', appName: 'Both Kept' });
  });

  it.each([
    [{ primaryColor: 'red' }, 'primaryColor'],
    [{ primaryColor: '#12345' }, 'primaryColor'],
    [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
    [{ faviconUrl: 'not a url' }, 'faviconUrl'],
    [{ logoUrl: `https://x.example/${'a'.repeat(1000)}` }, 'logoUrl'],
    [{ appName: '' }, 'appName'],
    [{ appName: 'x'.repeat(101) }, 'appName'],
    [{ customCss: 'x'.repeat(50_001) }, 'customCss'],
  ])('refuses %j with 400 Validation error naming %s', async (body, field) => {
    const { tenant, member } = await tenantWithMember();
    const res = await call('PUT', '/api/tenant/brand', tenant.domain, { token: member.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`^Validation error: ${field}`));
  });

  it('answers a plain 403 Forbidden without whitelabel, and to a caller of another tenant', async () => {
    const { tenant } = await tenantWithMember();
    const pro = await signedInTenant(['school_admin'], tenant.id);
    await setPlan(pro.user.id, 'pro');
    const gated = await call('PUT', '/api/tenant/brand', tenant.domain, { token: pro.token, body: { primaryColor: '#000000' } });
    expect(gated).toMatchObject({ status: 403, text: 'Forbidden' });
    expect(gated.type).toMatch(/^text\/plain/);
    const stranger = await signedIn(['teacher']);
    await setPlan(stranger.user.id, 'premium');
    const other = await call('PUT', '/api/tenant/brand', tenant.domain, { token: stranger.token, body: { primaryColor: '#000000' } });
    expect(other).toMatchObject({ status: 403, text: 'Forbidden' });
    expect((await call('GET', '/api/tenant/current', tenant.domain)).body.data.brandConfig.primaryColor).toBe('#6366f1');
  });

  it('lets a super_admin change any tenant; 404 Tenant not found on a host of no tenant; 401 without a token', async () => {
    const { tenant } = await tenantWithMember();
    const root = await signedIn(['super_admin']);
    expect((await call('PUT', '/api/tenant/brand', tenant.domain, { token: root.token, body: { appName: 'By Root' } })).body.data.brandConfig.appName).toBe('By Root');
    expect(await call('PUT', '/api/tenant/brand', 'nowhere.example.net', { token: root.token, body: { appName: 'X' } })).toMatchObject({
      status: 404,
      body: { success: false, error: 'Tenant not found' },
    });
    expect((await call('PUT', '/api/tenant/brand', tenant.domain, { body: { appName: 'X' } })).status).toBe(401);
  });
});

describe('PUT /api/tenant/domain', () => {
  it('sets the custom domain, which resolves to the tenant at once', async () => {
    const { tenant, member } = await tenantWithMember();
    const domain = `learn-${tenant.slug}.school.example`;
    // looked up (and cached as no tenant) before the change
    expect((await call('GET', '/api/tenant/current', domain)).body.data.isDefault).toBe(true);
    const res = await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body: { customDomain: domain } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { customDomain: domain } });
    expect((await call('GET', '/api/tenant/current', domain)).body.data).toMatchObject({ isDefault: false, id: tenant.id });
  });

  it('answers 500 Failed to update custom domain when another tenant has the domain', async () => {
    const other = await createTenant({ customDomain: `taken-${Date.now()}.example` });
    const { tenant, member } = await tenantWithMember();
    const res = await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body: { customDomain: other.customDomain } });
    expect(res).toMatchObject({ status: 500, body: { success: false, error: 'Failed to update custom domain' } });
    const primary = await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body: { customDomain: other.domain } });
    expect(primary.status).toBe(500);
    expect((await db().tenant.findUniqueOrThrow({ where: { id: tenant.id } })).customDomain).toBeNull();
  });

  it.each([[{}], [{ customDomain: 'ab' }], [{ customDomain: 'Upper.Example' }], [{ customDomain: '-bad.example' }], [{ customDomain: 'a b.example' }], [{ customDomain: `${'a'.repeat(497)}.com` }]])(
    'refuses %j with 400 Validation error',
    async (body) => {
      const { tenant, member } = await tenantWithMember();
      const res = await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^Validation error: customDomain/);
    },
  );

  it('answers a plain 403 Forbidden without whitelabel and 404 on a host of no tenant', async () => {
    const { tenant } = await tenantWithMember();
    const free = await signedInTenant(['student'], tenant.id);
    expect(await call('PUT', '/api/tenant/domain', tenant.domain, { token: free.token, body: { customDomain: 'x.example' } })).toMatchObject({ status: 403, text: 'Forbidden' });
    const premium = await signedIn(['teacher']);
    await setPlan(premium.user.id, 'premium');
    expect((await call('PUT', '/api/tenant/domain', 'nowhere.example.net', { token: premium.token, body: { customDomain: 'x.example' } })).body).toEqual({ success: false, error: 'Tenant not found' });
  });
});

describe('the brand on the player page', () => {
  it('carries the tenant’s colour, name and escaped custom CSS on its hostname', async () => {
    await installTestLibraries();
    const { tenant, member } = await tenantWithMember();
    await call('PUT', '/api/tenant/brand', tenant.domain, { token: member.token, body: { primaryColor: '#0f766e', appName: 'Harbour Learn', customCss: '.x{color:red}</style><script>alert(1)</script>' } });
    const id = await createContent(member.token, 'H5P.TrueFalse', { title: 'Branded' });
    const token = await issueEmbedToken(member.user.id, id);
    const page = await call('GET', `/h5p/embed/${id}?token=${encodeURIComponent(token)}`, tenant.domain);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-brand-color="#0f766e"');
    expect(page.text).toMatch(/<title>[^<]* · Harbour Learn<\/title>/);
    expect(page.text).toContain('.x{color:red}\\3c /style>\\3c script>alert(1)\\3c /script>');
    expect(page.text).not.toContain('</style><script>alert(1)');
    // the default brand elsewhere
    const plain = await call('GET', `/h5p/embed/${id}?token=${encodeURIComponent(token)}`, new URL(inject('appUrl')).host);
    expect(plain.text).toContain(`data-brand-color="${accessibleBrand('#6366f1')}"`);
  });
});

// Issue 22 item 4: a tenant member took over other hosts — a premium teacher set the custom domain to `localhost` (the
// main site's sign-in page then showed the tenant's name and CSS) and to `beta.<BASE_DOMAIN>` (another tenant's
// subdomain then resolved to theirs).
describe('who may change a tenant, and which host names it may claim (issue 22 item 4)', () => {
  it('refuses a premium teacher of the tenant and a tenantless admin with a plain 403 Forbidden, changing nothing', async () => {
    const { tenant } = await tenantWithMember({ appName: 'Kept' });
    const teacher = await signedInTenant(['teacher'], tenant.id);
    await setPlan(teacher.user.id, 'premium');
    const tenantless = await signedIn(['tenant_admin']);
    for (const caller of [teacher, tenantless]) {
      const brand = await call('PUT', '/api/tenant/brand', tenant.domain, { token: caller.token, body: { appName: 'Taken' } });
      expect(brand).toMatchObject({ status: 403, text: 'Forbidden' });
      const domain = await call('PUT', '/api/tenant/domain', tenant.domain, { token: caller.token, body: { customDomain: `taken-${tenant.slug}.example.org` } });
      expect(domain).toMatchObject({ status: 403, text: 'Forbidden' });
    }
    const row = await db().tenant.findUniqueOrThrow({ where: { id: tenant.id } });
    expect(row.customDomain).toBeNull();
    expect(row.brandConfig).toMatchObject({ appName: 'Kept' });
  });

  it("refuses an admin of another tenant (a real tenant id that is not this one's) with 403", async () => {
    const { tenant } = await tenantWithMember();
    const { member: otherAdmin } = await tenantWithMember();
    expect(await call('PUT', '/api/tenant/brand', tenant.domain, { token: otherAdmin.token, body: { appName: 'X' } })).toMatchObject({ status: 403, text: 'Forbidden' });
  });

  it.each([
    ['localhost', 'must not be localhost'],
    ['portal.localhost', 'must not be localhost'],
    ['127.0.0.1', 'must be a host name, not an IP address'],
    ['10.0.0.7', 'must be a host name, not an IP address'],
    ['2130706433', 'must be a host name, not an IP address'],
    ['app.lumen.test', "must not be the platform's own host name"],
    // the content origin's host (CONTENT_URL, issue 23 item 6): a tenant holding it would serve its pages where content plays
    ['content.lumen-content.test', "must not be the platform's own host name"],
    ['lumen.test', 'must not be lumen.test or a name under it'],
    ['beta.lumen.test', 'must not be lumen.test or a name under it'],
    ['deep.beta.lumen.test', 'must not be lumen.test or a name under it'],
  ])('refuses %s with 400 Validation error naming why, and nothing changes', async (customDomain, why) => {
    const { tenant, member } = await tenantWithMember();
    const res = await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body: { customDomain } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/^Validation error: customDomain: /);
    expect(res.body.error).toContain(why);
    expect((await db().tenant.findUniqueOrThrow({ where: { id: tenant.id } })).customDomain).toBeNull();
  });

  it("keeps another tenant's subdomain and the main site theirs: a refused claim leaves resolution as the spec orders it", async () => {
    const beta = await createTenant({ slug: `beta-${Date.now().toString(36)}` });
    const { tenant, member } = await tenantWithMember();
    const betaHost = `${beta.slug}.lumen.test`;
    expect((await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body: { customDomain: betaHost } })).status).toBe(400);
    expect((await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body: { customDomain: 'localhost' } })).status).toBe(400);
    expect((await call('GET', '/api/tenant/current', betaHost)).body.data).toMatchObject({ isDefault: false, id: beta.id });
    expect((await call('GET', '/api/tenant/current', 'localhost')).body.data.isDefault).toBe(true);
    expect((await call('GET', '/api/tenant/current', 'app.lumen.test')).body.data.isDefault).toBe(true);
  });

  it('never resolves a reserved host through a custom_domain an old row holds', async () => {
    const host = `squat-${Date.now().toString(36)}.lumen.test`;
    const squatter = await createTenant({ customDomain: host });
    expect((await call('GET', '/api/tenant/current', host)).body.data.isDefault).toBe(true);
    await db().tenant.delete({ where: { id: squatter.id } });
  });

  it("accepts a valid name, and refuses another tenant's domain or custom domain with the spec's 500, nothing changed", async () => {
    const other = await createTenant({ customDomain: `claimed-${Date.now()}.example.org` });
    const { tenant, member } = await tenantWithMember();
    for (const taken of [other.domain, other.customDomain!]) {
      const res = await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body: { customDomain: taken } });
      expect(res).toMatchObject({ status: 500, body: { success: false, error: 'Failed to update custom domain' } });
    }
    expect((await db().tenant.findUniqueOrThrow({ where: { id: tenant.id } })).customDomain).toBeNull();
    const ok = await call('PUT', '/api/tenant/domain', tenant.domain, { token: member.token, body: { customDomain: `learn.${tenant.slug}.example.net` } });
    expect(ok).toMatchObject({ status: 200, body: { success: true, data: { customDomain: `learn.${tenant.slug}.example.net` } } });
  });
});
