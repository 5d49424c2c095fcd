import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { db } from '@/lib/db/client';
import { createTenant } from '../support/factories';
import { api, randomIp } from '../support/http';
import { TEST_INTERNAL_KEY } from '../support/env';

/** GET /api/tenant/current with a given Host header (fetch cannot set Host). */
function currentFor(host: string): Promise<{ status: number; body: any }> {
  const u = new URL(inject('appUrl'));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname: u.hostname, port: u.port, path: '/api/tenant/current', headers: { Host: host, 'X-Forwarded-For': randomIp() } },
      (res) => {
        let s = '';
        res.on('data', (c) => (s += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(s) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('tenant resolution from the hostname', () => {
  it('matches the primary domain of an active tenant, with its merged brand configuration', async () => {
    const t = await createTenant({ brandConfig: { primaryColor: '#112233', appName: 'North School' } });
    const res = await currentFor(t.domain);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      isDefault: false,
      id: t.id,
      slug: t.slug,
      name: t.name,
      plan: 'premium',
      brandConfig: { primaryColor: '#112233', appName: 'North School', logoUrl: null, faviconUrl: null, customCss: null },
    });
  });

  it('matches a custom domain, ignoring case, port and a leading www.', async () => {
    const t = await createTenant({ customDomain: `learn-${Date.now()}.school.example` });
    const res = await currentFor(`WWW.${t.customDomain!.toUpperCase()}:8443`);
    expect(res.body.data.id).toBe(t.id);
  });

  it('falls back to {slug}.{BASE_DOMAIN} by slug', async () => {
    const t = await createTenant();
    expect((await currentFor(`${t.slug}.lumen.test`)).body.data.slug).toBe(t.slug);
  });

  it('does not resolve nested labels, invalid slugs or inactive tenants', async () => {
    const t = await createTenant();
    const off = await createTenant({ active: false });
    expect((await currentFor(`a.${t.slug}.lumen.test`)).body.data.isDefault).toBe(true);
    expect((await currentFor(`-bad-.lumen.test`)).body.data.isDefault).toBe(true);
    expect((await currentFor(`${off.slug}.lumen.test`)).body.data.isDefault).toBe(true);
    expect((await currentFor(off.domain)).body.data.isDefault).toBe(true);
  });

  it('answers the default branding when nothing matches', async () => {
    const res = await currentFor('unknown.example.com');
    expect(res.body).toEqual({
      success: true,
      data: { isDefault: true, brandConfig: { primaryColor: '#6366f1', logoUrl: null, faviconUrl: null, appName: 'Lumen Learn', customCss: null } },
    });
  });

  it('takes the tenant of an internal call from x-tenant-code, and ignores the header without the key', async () => {
    const t = await createTenant({ brandConfig: { appName: 'Internal Co' } });
    const internal = await api('GET', '/api/tenant/current', { headers: { 'x-api-key': TEST_INTERNAL_KEY, 'x-tenant-code': t.slug } });
    expect(internal.body.data).toMatchObject({ isDefault: false, id: t.id });
    const spoofed = await api('GET', '/api/tenant/current', { headers: { 'x-api-key': 'wrong-key-0123456789', 'x-tenant-code': t.slug } });
    expect(spoofed.body.data.isDefault).toBe(true);
  });

  it('keeps tenants apart: two hosts, two brands', async () => {
    const a = await createTenant({ brandConfig: { appName: 'Alpha' } });
    const b = await createTenant({ brandConfig: { appName: 'Beta' } });
    expect((await currentFor(a.domain)).body.data.brandConfig.appName).toBe('Alpha');
    expect((await currentFor(b.domain)).body.data.brandConfig.appName).toBe('Beta');
    expect(await db().tenant.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);
  });
});
