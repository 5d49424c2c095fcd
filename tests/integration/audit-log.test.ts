// The tenant's audit log (issue 27 item 6): changes are recorded in their own transaction with who, what, on what and
// the before → after; GET /api/admin/audit answers a tenant admin their own tenant's events only (a tenantless admin:
// 403 with its text; students and teachers: 403 Admin access required), a super admin any tenant's; ?format=csv is a
// CSV download; cursor pages cover every event once. Other parts of issue 27 (sharing, invitations, restores) assert
// their own events in their own test files.
import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { recordAudit } from '@/lib/audit';
import { db } from '@/lib/db/client';
import { createTenant, setPlan, signedIn, signedInTenant } from '../support/factories';
import { api, randomIp } from '../support/http';

function put(path: string, host: string, token: string, body: unknown): Promise<number> {
  const u = new URL(inject('appUrl'));
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname: u.hostname, port: u.port, method: 'PUT', path, headers: { Host: host, 'X-Forwarded-For': randomIp(), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function school() {
  const tenant = await createTenant();
  const admin = await signedInTenant(['tenant_admin'], tenant.id);
  await setPlan(admin.user.id, 'premium');
  return { tenant, admin };
}

describe('the audit log', () => {
  it('records a brand change with who and which fields, and shows it to that tenant admin only', async () => {
    const { tenant, admin } = await school();
    const other = await school();
    expect(await put('/api/tenant/brand', tenant.domain, admin.token, { primaryColor: '#123456', appName: 'Audit School' })).toBe(200);
    expect(await put('/api/tenant/domain', tenant.domain, admin.token, { customDomain: `learn-${tenant.slug}.example.net` })).toBe(200);

    const mine = await api('GET', '/api/admin/audit', { token: admin.token });
    expect(mine.status).toBe(200);
    expect(mine.body.success).toBe(true);
    expect(mine.body.data.map((e: { action: string }) => e.action)).toEqual(['tenant.domain', 'tenant.brand']);
    const [domain, brand] = mine.body.data;
    expect(brand).toMatchObject({ tenantId: tenant.id, actorId: admin.user.id, actorEmail: admin.email, targetType: 'tenant', targetId: tenant.id, targetLabel: tenant.name });
    expect(brand.details.fields.sort()).toEqual(['appName', 'primaryColor']);
    expect(domain.details).toEqual({ from: null, to: `learn-${tenant.slug}.example.net` });
    expect(mine.body.nextCursor).toBeNull();

    // another school's admin sees their own (empty) log, even when naming this tenant
    const theirs = await api('GET', `/api/admin/audit?tenantId=${tenant.id}`, { token: other.admin.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);

    // a super admin reads any tenant's
    const sup = await signedIn(['super_admin']);
    const any = await api('GET', `/api/admin/audit?tenantId=${tenant.id}&action=tenant.brand`, { token: sup.token });
    expect(any.status).toBe(200);
    expect(any.body.data.map((e: { id: string }) => e.id)).toEqual([brand.id]);
  });

  it('refuses non-admins and answers a tenantless admin with its own text', async () => {
    const teacher = await signedIn(['teacher']);
    const r1 = await api('GET', '/api/admin/audit', { token: teacher.token });
    expect(r1.status).toBe(403);
    expect(r1.body).toEqual({ success: false, error: 'Admin access required' });
    expect((await api('GET', '/api/admin/audit')).status).toBe(401);
    const lonely = await signedIn(['tenant_admin']);
    const r2 = await api('GET', '/api/admin/audit', { token: lonely.token });
    expect(r2.status).toBe(403);
    expect(r2.body).toEqual({ success: false, error: 'The audit log is kept per school: your account belongs to none' });
  });

  it('pages by cursor, filters by action and downloads CSV with the formula guard', async () => {
    const { tenant, admin } = await school();
    for (let i = 0; i < 5; i++) {
      await recordAudit({ tenantId: tenant.id, actor: { id: admin.user.id, email: admin.email }, action: i % 2 ? 'user.role' : 'user.invite', target: { type: 'user', id: `u${i}`, label: i === 4 ? '=HYPERLINK("x")' : `Person ${i}` }, details: { n: i } });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: any } = await api('GET', `/api/admin/audit?limit=2${cursor ? `&before=${cursor}` : ''}`, { token: admin.token });
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((e: { details: { n: number } }) => String(e.details.n)));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['4', '3', '2', '1', '0']);

    const roles = await api('GET', '/api/admin/audit?action=user.role', { token: admin.token });
    expect(roles.body.data.map((e: { details: { n: number } }) => e.details.n)).toEqual([3, 1]);

    const csv = await fetch(`${inject('appUrl')}/api/admin/audit?format=csv`, { headers: { Authorization: `Bearer ${admin.token}`, 'X-Forwarded-For': randomIp() } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('time,actor,action,target_type,target_id,target,details');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(`,${admin.email},user.invite,user,u4,"'=HYPERLINK(""x"")",`);

    const bad = await api('GET', '/api/admin/audit?limit=0', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Validation error: limit/);
  });

  it('keeps nothing of a change that failed: the event is in the change transaction', async () => {
    const { tenant, admin } = await school();
    await expect(
      db().$transaction(async (tx) => {
        await recordAudit({ tenantId: tenant.id, actor: { id: admin.user.id, email: admin.email }, action: 'tenant.brand', details: {} }, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db().auditEvent.count({ where: { tenantId: tenant.id } })).toBe(0);
  });
});
