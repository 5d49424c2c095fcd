// Mass content upgrade as a job (issue 28 item 1). An admin starts one per content type and target version — a dry
// run first, then the real one; the job's items (every item in scope on an older version of the type) are listed
// when it starts. Whichever instance holds the job's lease runs it: one item at a time in the upgrade sandbox
// (sandbox.ts), each result recorded once in the item's row with the job's counters (upgraded, unchanged, failed
// and why). A real run writes the upgraded item, a revision of kind `upgrade` (restorable) and the item's result in
// one transaction, under the item's row lock; a failed item is left untouched. An instance that dies leaves its
// lease to lapse and another one carries on from the first pending item.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit';
import { db, Prisma } from '@/lib/db/client';
import { AppError, errorOf } from '@/lib/errors';
import type { User } from '@/lib/generated/prisma/client';
import { audit } from '@/lib/log';
import { isInstalled, MAIN_DEPENDENCY, newestInstalled, parseVersion, scopeSql, versionText } from './libraries';
import { kickUpgrades } from './runner';

export const UPGRADE_ERR = {
  notInstalled: 'Content type <type> <version> is not installed',
  nothing: 'Nothing to upgrade: no content in your scope uses an older version of <type>',
  busy: 'An upgrade of <type> is already running',
  notFound: 'Upgrade job not found',
  scope: 'Your account belongs to no school: only a super admin upgrades content outside a school',
  version: 'toVersion must be a version such as 1.2',
} as const;

export const UPGRADE_ERRORS = {
  notInstalled: errorOf(404, UPGRADE_ERR.notInstalled),
  nothing: errorOf(400, UPGRADE_ERR.nothing),
  busy: errorOf(409, UPGRADE_ERR.busy),
  notFound: errorOf(404, UPGRADE_ERR.notFound),
  scope: errorOf(403, UPGRADE_ERR.scope),
} as const;

export const JOB_STATUSES = ['queued', 'running', 'completed', 'completed_with_errors', 'cancelled', 'failed'] as const;
export const ITEM_STATUSES = ['pending', 'upgraded', 'unchanged', 'failed'] as const;
const ACTIVE = ['queued', 'running'];

export const startUpgradeBody = z.object({
  machineName: z.string({ message: 'machineName is required' }).trim().min(1, 'machineName is required').max(255),
  toVersion: z
    .string()
    .trim()
    .refine((v) => parseVersion(v) !== null, UPGRADE_ERR.version)
    .optional(),
  dryRun: z.boolean().default(false),
});

export const upgradeJobSchema = z.object({
  id: z.string(),
  machineName: z.string(),
  toVersion: z.string(),
  dryRun: z.boolean(),
  status: z.enum(JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  upgraded: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  detail: z.string().nullable(),
  /** null: every school's content (a super admin's job) */
  tenantId: z.string().nullable(),
  createdBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type UpgradeJobView = z.infer<typeof upgradeJobSchema>;

const changeSchema = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  text: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  words: z.array(z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() })).optional(),
});

export const upgradeItemSchema = z.object({
  position: z.number().int(),
  contentId: z.string(),
  title: z.string(),
  fromVersion: z.string(),
  status: z.enum(ITEM_STATUSES),
  error: z.string().nullable(),
  /** what the upgrade changed (a dry run: would change) in the parameters and metadata */
  changes: z.array(changeSchema).nullable(),
  revisionId: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type UpgradeItemView = z.infer<typeof upgradeItemSchema>;

type JobRow = Prisma.ContentUpgradeJobGetPayload<object>;

export function jobView(j: JobRow): UpgradeJobView {
  return {
    id: j.id,
    machineName: j.machineName,
    toVersion: `${j.toMajor}.${j.toMinor}`,
    dryRun: j.dryRun,
    status: (JOB_STATUSES as readonly string[]).includes(j.status) ? (j.status as UpgradeJobView['status']) : 'failed',
    total: j.total,
    done: j.done,
    upgraded: j.upgraded,
    unchanged: j.unchanged,
    failed: j.failed,
    detail: j.detail,
    tenantId: j.tenantId,
    createdBy: { id: j.createdBy, name: j.createdByName },
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}

/** The scope of an admin's upgrades: null (every item) for a super admin, else the admin's tenant (403 without one). */
export function upgradeScope(user: Pick<User, 'tenantId'>, superAdmin: boolean): string | null {
  if (superAdmin) return null;
  if (!user.tenantId) throw new AppError(403, UPGRADE_ERR.scope);
  return user.tenantId;
}

const fill = (text: string, type: string, version = '') => text.replace('<type>', type).replace('<version>', version);

/** Starts an upgrade (or its dry run) of every item in scope on an older version of the type: 202 with the job. */
export async function startUpgrade(user: User, superAdmin: boolean, body: z.infer<typeof startUpgradeBody>): Promise<UpgradeJobView> {
  const tenantId = upgradeScope(user, superAdmin);
  const machineName = body.machineName;
  const target = body.toVersion ? parseVersion(body.toVersion)! : await newestInstalled(machineName);
  if (!target || !(await isInstalled(machineName, target)))
    throw new AppError(404, fill(UPGRADE_ERR.notInstalled, machineName, body.toVersion ?? '').replace(/ $/, ''));
  const id = randomUUID();
  const job = await db().$transaction(
    async (tx) => {
      // one upgrade of a type at a time where scopes meet (a super admin's reaches every school)
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`content-upgrade:${machineName}`}))`;
      const busy = await tx.contentUpgradeJob.findFirst({
        where: { machineName, status: { in: ACTIVE }, ...(tenantId === null ? {} : { OR: [{ tenantId }, { tenantId: null }] }) },
        select: { id: true },
      });
      if (busy) throw new AppError(409, fill(UPGRADE_ERR.busy, machineName));
      await tx.contentUpgradeJob.create({
        data: {
          id,
          tenantId,
          createdBy: user.id,
          createdByName: user.name || user.email,
          machineName,
          toMajor: target.major,
          toMinor: target.minor,
          dryRun: body.dryRun,
        },
      });
      const total = await tx.$executeRaw`
        INSERT INTO content_upgrade_items (job_id, position, content_id, title, from_version)
        SELECT ${id}::uuid, row_number() OVER (ORDER BY c.created_at, c.id)::int, c.id, left(c.title, 1000), v.major || '.' || v.minor
        FROM h5p_contents c CROSS JOIN ${MAIN_DEPENDENCY}
        WHERE c.main_library = ${machineName} AND (v.major < ${target.major} OR (v.major = ${target.major} AND v.minor < ${target.minor})) AND ${scopeSql(tenantId)}`;
      if (total === 0) throw new AppError(400, fill(UPGRADE_ERR.nothing, machineName));
      const row = await tx.contentUpgradeJob.update({ where: { id }, data: { total } });
      const details = { jobId: id, machineName, toVersion: versionText(target), items: total };
      if (tenantId) {
        await recordAudit(
          {
            tenantId,
            actor: { id: user.id, email: user.email },
            action: body.dryRun ? 'content.upgrade_dry_run' : 'content.upgrade',
            details,
          },
          tx,
        );
      }
      return row;
    },
    { timeout: 120_000 },
  );
  if (!tenantId)
    audit(user.id, body.dryRun ? 'content upgrade dry run' : 'content upgrade', {
      jobId: id,
      machineName,
      toVersion: versionText(target),
      items: job.total,
    });
  kickUpgrades();
  return jobView(job);
}

/** A job in the admin's scope (404 otherwise: another school's job is not named). */
export async function upgradeJobOf(user: User, superAdmin: boolean, jobId: string): Promise<JobRow> {
  const tenantId = upgradeScope(user, superAdmin);
  if (!/^[0-9a-f-]{36}$/i.test(jobId)) throw new AppError(404, UPGRADE_ERR.notFound);
  const job = await db().contentUpgradeJob.findUnique({ where: { id: jobId } });
  if (!job || (tenantId !== null && job.tenantId !== tenantId)) throw new AppError(404, UPGRADE_ERR.notFound);
  return job;
}

/** The newest jobs in scope (a tenant admin: the tenant's own). */
export async function listUpgradeJobs(user: User, superAdmin: boolean, machineName?: string): Promise<UpgradeJobView[]> {
  const tenantId = upgradeScope(user, superAdmin);
  const rows = await db().contentUpgradeJob.findMany({
    where: { ...(tenantId === null ? {} : { tenantId }), ...(machineName ? { machineName } : {}) },
    orderBy: { createdAt: 'desc' },
    take: 20,
  });
  return rows.map(jobView);
}

export const itemsQuery = z.object({
  status: z.enum(ITEM_STATUSES).optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** A page of a job's items (by position), optionally of one status. */
export async function upgradeItems(user: User, superAdmin: boolean, jobId: string, q: z.infer<typeof itemsQuery>) {
  const job = await upgradeJobOf(user, superAdmin, jobId);
  const rows = await db().contentUpgradeItem.findMany({
    where: { jobId: job.id, ...(q.status ? { status: q.status } : {}), ...(q.after !== undefined ? { position: { gt: q.after } } : {}) },
    orderBy: { position: 'asc' },
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r): UpgradeItemView => ({
      position: r.position,
      contentId: r.contentId,
      title: r.title,
      fromVersion: r.fromVersion,
      status: (ITEM_STATUSES as readonly string[]).includes(r.status) ? (r.status as UpgradeItemView['status']) : 'failed',
      error: r.error,
      changes: Array.isArray(r.changes) ? (r.changes as unknown as UpgradeItemView['changes']) : null,
      revisionId: r.revisionId,
      processedAt: r.processedAt?.toISOString() ?? null,
    })),
    next: rows.length > q.limit ? page[page.length - 1]!.position : null,
  };
}

/** Asks a job to stop between items; a queued one ends at once. */
export async function cancelUpgrade(user: User, superAdmin: boolean, jobId: string): Promise<UpgradeJobView> {
  const job = await upgradeJobOf(user, superAdmin, jobId);
  await db().$executeRaw`UPDATE content_upgrade_jobs SET cancel_requested = true, updated_at = now(),
      status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
      finished_at = CASE WHEN status = 'queued' THEN now() ELSE finished_at END
    WHERE id = ${job.id}::uuid AND status IN ('queued', 'running')`;
  return jobView(await upgradeJobOf(user, superAdmin, jobId));
}
