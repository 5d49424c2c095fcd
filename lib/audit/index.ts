// The tenant's audit log (issue 27 item 6): who shared, transferred, restored, invited, changed a role, an account or
// a brand. A service records the event in the same transaction as the change (pass its transaction client), so the
// log never names a change that did not happen and never misses one that did. Rows are only ever inserted.
// The tenant admin reads their own tenant's log (GET /api/admin/audit, CSV with ?format=csv); a super admin reads
// any tenant's, or every tenant's. An event without a tenant is seen by super admins only.
import { z } from 'zod';
import { db, Prisma } from '@/lib/db/client';
import { audit as auditLine } from '@/lib/log';

/** The audited actions. Add a name here (and its words in messages/*.json, "audit.actions") before recording it. */
export const AUDIT_ACTIONS = [
  'content.share',
  'content.unshare',
  'content.transfer',
  'content.reassign',
  'content.upgrade',
  'content.upgrade_dry_run',
  'folder.share',
  'folder.unshare',
  'revision.restore',
  'user.invite',
  'user.invite_revoke',
  'user.join',
  'user.role',
  'user.disable',
  'user.enable',
  'user.password_reset',
  'tenant.brand',
  'tenant.domain',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditInput {
  /** the tenant whose log this belongs to; null only for actions outside any tenant */
  tenantId: string | null;
  /** the acting user's local id (null for the system) and their email at the time */
  actor: { id: string | null; email?: string | null } | null;
  action: AuditAction;
  target?: { type: 'content' | 'folder' | 'user' | 'invitation' | 'tenant' | 'revision'; id: string; label?: string | null };
  /** what changed, as small JSON: e.g. { from: 'teacher', to: 'admin' }, { role: 'editor', with: 'ana@school.org' } */
  details?: Record<string, unknown>;
}

type Client = Pick<Prisma.TransactionClient, 'auditEvent'>;

/** Records one event; pass the transaction client of the change so both commit or neither does. */
export async function recordAudit(event: AuditInput, client: Client = db()): Promise<void> {
  await client.auditEvent.create({
    data: {
      tenantId: event.tenantId,
      actorId: event.actor?.id ?? null,
      actorEmail: event.actor?.email ?? null,
      action: event.action,
      targetType: event.target?.type ?? null,
      targetId: event.target?.id ?? null,
      targetLabel: event.target?.label?.slice(0, 1000) ?? null,
      details: (event.details ?? {}) as Prisma.InputJsonValue,
    },
  });
  auditLine(event.actor?.id ?? undefined, event.action, { tenantId: event.tenantId, target: event.target, ...event.details });
}

export const auditEventSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_MAX = 200;
/** The CSV export's ceiling: a tenant's whole history for any realistic school (older rows: page the JSON). */
export const AUDIT_CSV_MAX = 50_000;

export interface AuditQuery {
  /** the tenant to read; undefined: every tenant (super admins only: the caller decides) */
  tenantId?: string;
  action?: string;
  /** cursor: the id of the last event of the previous page */
  before?: string;
  limit: number;
}

type Row = Prisma.AuditEventGetPayload<object>;
const view = (r: Row): AuditEvent => ({
  id: r.id,
  tenantId: r.tenantId,
  actorId: r.actorId,
  actorEmail: r.actorEmail,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  targetLabel: r.targetLabel,
  details: (r.details ?? {}) as Record<string, unknown>,
  createdAt: r.createdAt.toISOString(),
});

/** A page of events, newest first, and the cursor of the next page (null at the end). */
export async function listAuditEvents(q: AuditQuery): Promise<{ data: AuditEvent[]; nextCursor: string | null }> {
  const where: Prisma.AuditEventWhereInput = {
    ...(q.tenantId !== undefined ? { tenantId: q.tenantId } : {}),
    ...(q.action ? { action: q.action } : {}),
  };
  if (q.before) {
    const at = await db().auditEvent.findFirst({ where: { ...where, id: q.before }, select: { createdAt: true, id: true } });
    if (at) where.OR = [{ createdAt: { lt: at.createdAt } }, { createdAt: at.createdAt, id: { lt: at.id } }];
  }
  const rows = await db().auditEvent.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: q.limit + 1 });
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit).map(view);
  return { data: page, nextCursor: more ? (page.at(-1)?.id ?? null) : null };
}

export const AUDIT_CSV_HEADER = ['time', 'actor', 'action', 'target_type', 'target_id', 'target', 'details'];
export const auditCsvRow = (e: AuditEvent) => [e.createdAt, e.actorEmail ?? e.actorId ?? 'system', e.action, e.targetType, e.targetId, e.targetLabel, JSON.stringify(e.details)];
