import { z } from 'zod';
import { ADMIN_ERRORS, assertAdmin } from '@/lib/admin/manage';
import { auditScope, AUDIT_ERRORS, auditQuery } from '@/lib/audit/http';
import { AUDIT_CSV_HEADER, AUDIT_CSV_MAX, auditCsvRow, auditEventSchema, listAuditEvents } from '@/lib/audit';
import { reply, route } from '@/lib/http/route';
import { csvResponse } from '@/lib/results/http';

export const dynamic = 'force-dynamic';

// The tenant's audit log: a tenant admin reads their own tenant's, a super admin any tenant's (?tenantId=) or all.
export const GET = route(
  {
    action: 'read audit log',
    query: auditQuery,
    summary: "The tenant's audit log, newest first (admin); ?format=csv downloads it",
    description: 'Who shared, transferred, restored, invited, changed a role, an account or a brand. With ?format=csv the answer is a CSV download of every event (up to 50,000) instead of the envelope.',
    tags: ['Admin'],
    response: z.array(auditEventSchema),
    extra: { nextCursor: z.string().nullable() },
    errors: [ADMIN_ERRORS.admin, AUDIT_ERRORS.noTenant],
  },
  async ({ principal, user, query }) => {
    assertAdmin(principal);
    const tenantId = await auditScope(principal, user, query.tenantId);
    if (query.format === 'csv') {
      const { data } = await listAuditEvents({ ...(tenantId !== undefined ? { tenantId } : {}), ...(query.action ? { action: query.action } : {}), limit: AUDIT_CSV_MAX });
      return csvResponse(`audit-log-${new Date().toISOString().slice(0, 10)}`, AUDIT_CSV_HEADER, data.map(auditCsvRow));
    }
    const { data, nextCursor } = await listAuditEvents({
      ...(tenantId !== undefined ? { tenantId } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.before ? { before: query.before } : {}),
      limit: query.limit,
    });
    return reply(data, { extra: { nextCursor } });
  },
);
