// Mass content upgrade as a job (issue 28 item 1). An admin starts one per content type and target version — a dry
// run first, then the real one; the job's items (every item in scope on an older version of the type) are listed
// when it starts. Whichever instance holds the job's lease runs it: one item at a time in the upgrade sandbox
// (sandbox.ts), each result recorded once in the item's row with the job's counters (upgraded, unchanged, failed
// and why). A real run writes the upgraded item, a revision of kind `upgrade` (restorable) and the item's result in
// one transaction, under the item's row lock; a failed item is left untouched. An instance that dies leaves its
// lease to lapse and another one carries on from the first pending item.
import { randomUUID } from 'node:crypto';
import type { IContentMetadata, ILibraryName } from '@lumieducation/h5p-server';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit';
import { db, Prisma } from '@/lib/db/client';
import { AppError, errorOf } from '@/lib/errors';
import type { User } from '@/lib/generated/prisma/client';
import { audit, log } from '@/lib/log';
import { forgetContent } from '@/lib/h5p/content/content-cache';
import { thumbnailPathFor } from '@/lib/h5p/content/thumbnail';
import { deleteQualityReport } from '@/lib/h5p/quality/store';
import { scheduleQualityReport } from '@/lib/h5p/quality/background';
import { compareRevisions, type Change } from '@/lib/h5p/revisions/diff';
import { latestRevision, lockContent, recordRevision, settleRevisionFiles, settleUnrecorded } from '@/lib/h5p/revisions/record';
import { isInstalled, librarySet, MAIN_DEPENDENCY, newestInstalled, parseVersion, scopeSql, versionText, type Version } from './libraries';
import { upgradeContent, type Upgraded } from './upgrade';
import { failureText, UpgradeSandbox } from './sandbox';

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

// ------------------------------------------------------------------------------------------------ the runner

/** How long a lease lasts without renewal; renewed before every batch of items. */
const LEASE_SECONDS = 60;
const BATCH = 20;
const POLL_MS = 5_000;
const MAX_CHANGES_KEPT = 100;

const g = globalThis as unknown as { __lumenUpgrades?: { timer: NodeJS.Timeout | null; running: boolean; again: boolean; owner: string } };
const state = (g.__lumenUpgrades ??= { timer: null, running: false, again: false, owner: `${process.pid}-${randomUUID().slice(0, 8)}` });

/** Looks for work now (after a job was created here) instead of at the next poll. */
export function kickUpgrades(): void {
  if (state.running) {
    state.again = true;
    return;
  }
  void runAvailable();
}

/** Starts this instance's poll for upgrade jobs (at start-up): it takes queued jobs and those whose lease lapsed. */
export function startUpgradeRunner(): void {
  if (state.timer) return;
  state.timer = setInterval(() => kickUpgrades(), POLL_MS);
  state.timer.unref();
  kickUpgrades();
}

/** Stops the poll (tests, shutdown). */
export function stopUpgradeRunner(): void {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
}

async function runAvailable(): Promise<void> {
  state.running = true;
  try {
    do {
      state.again = false;
      for (;;) {
        const job = await claim();
        if (!job) break;
        await runJob(job).catch(async (err: unknown) => {
          log.error({ err, jobId: job.id }, 'content upgrade job failed');
          await db()
            .$executeRaw`UPDATE content_upgrade_jobs SET status = 'failed', detail = ${String((err as Error)?.message ?? err).slice(0, 500)},
              finished_at = now(), updated_at = now(), lease_owner = NULL, lease_until = NULL
            WHERE id = ${job.id}::uuid AND lease_owner = ${state.owner}`;
        });
      }
    } while (state.again);
  } catch (err) {
    log.warn({ err }, 'content upgrade runner: could not look for jobs');
  } finally {
    state.running = false;
  }
}

/** Takes the oldest job that is queued, or running with a lapsed lease (its instance died). */
async function claim(): Promise<JobRow | null> {
  const rows = await db().$queryRaw<{ id: string }[]>`
    UPDATE content_upgrade_jobs SET status = 'running', lease_owner = ${state.owner}, lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    WHERE id = (SELECT id FROM content_upgrade_jobs
                WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < now()) AND NOT cancel_requested
                ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  if (!rows[0]) {
    // a running job asked to stop whose instance died: ended here
    await db()
      .$executeRaw`UPDATE content_upgrade_jobs SET status = 'cancelled', finished_at = now(), updated_at = now(), lease_owner = NULL, lease_until = NULL
      WHERE status = 'running' AND cancel_requested AND (lease_until IS NULL OR lease_until < now())`;
    return null;
  }
  return db().contentUpgradeJob.findUnique({ where: { id: rows[0].id } });
}

/** Renews the lease; false when it was lost (another instance took over) or the job was asked to stop. */
async function renew(jobId: string): Promise<'ok' | 'lost' | 'cancel'> {
  const rows = await db().$queryRaw<{ cancel_requested: boolean }[]>`
    UPDATE content_upgrade_jobs SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    WHERE id = ${jobId}::uuid AND lease_owner = ${state.owner} AND status = 'running' RETURNING cancel_requested`;
  if (!rows[0]) return 'lost';
  return rows[0].cancel_requested ? 'cancel' : 'ok';
}

async function finish(jobId: string, status: 'completed' | 'cancelled', detail: string | null = null): Promise<void> {
  await db().$executeRaw`UPDATE content_upgrade_jobs SET
      status = CASE WHEN ${status} = 'cancelled' THEN 'cancelled' WHEN failed > 0 THEN 'completed_with_errors' ELSE 'completed' END,
      detail = COALESCE(${detail}, detail), finished_at = now(), updated_at = now(), lease_owner = NULL, lease_until = NULL
    WHERE id = ${jobId}::uuid AND lease_owner = ${state.owner}`;
}

type ItemRow = { position: number; content_id: string; from_version: string };

async function runJob(job: JobRow): Promise<void> {
  const target: ILibraryName = { machineName: job.machineName, majorVersion: job.toMajor, minorVersion: job.toMinor };
  const sandbox = new UpgradeSandbox();
  try {
    const loadErrors = await sandbox.load(await librarySet(target));
    const loadDetail = loadErrors.length ? loadErrors.map(failureText).join('; ').slice(0, 500) : null;
    if (loadDetail) await db().contentUpgradeJob.update({ where: { id: job.id }, data: { detail: loadDetail } });
    const deps = new Map<string, IContentMetadata['preloadedDependencies']>();
    for (;;) {
      const lease = await renew(job.id);
      if (lease === 'lost') return;
      if (lease === 'cancel') return void (await finish(job.id, 'cancelled'));
      const items = await db().$queryRaw<ItemRow[]>`
        SELECT position, content_id, from_version FROM content_upgrade_items
        WHERE job_id = ${job.id}::uuid AND status = 'pending' ORDER BY position LIMIT ${BATCH}`;
      if (!items.length) return void (await finish(job.id, 'completed'));
      for (const item of items) await runItem(job, target, item, sandbox, deps);
    }
  } finally {
    sandbox.close();
  }
}

type Outcome = { status: 'upgraded' | 'unchanged' | 'failed'; error?: string; changes?: Change[] | null; revisionId?: string | null };

/** Records an item's result and the job's counters once (a second record of the same item changes nothing). */
async function record(tx: Prisma.TransactionClient | ReturnType<typeof db>, jobId: string, position: number, o: Outcome): Promise<boolean> {
  const changes = o.changes ? JSON.stringify(o.changes.slice(0, MAX_CHANGES_KEPT)) : null;
  const n = await tx.$executeRaw`UPDATE content_upgrade_items SET status = ${o.status}, error = ${o.error?.slice(0, 500) ?? null},
      changes = ${changes}::jsonb, revision_id = ${o.revisionId ?? null}::uuid, processed_at = now()
    WHERE job_id = ${jobId}::uuid AND position = ${position} AND status = 'pending'`;
  if (n !== 1) return false;
  await tx.$executeRaw`UPDATE content_upgrade_jobs SET done = done + 1,
      upgraded = upgraded + ${o.status === 'upgraded' ? 1 : 0}, unchanged = unchanged + ${o.status === 'unchanged' ? 1 : 0},
      failed = failed + ${o.status === 'failed' ? 1 : 0}, updated_at = now()
    WHERE id = ${jobId}::uuid`;
  return true;
}

const versionOf = (metadata: unknown, machineName: string): Version | null => {
  const deps = (metadata as IContentMetadata | null)?.preloadedDependencies;
  const d = Array.isArray(deps) ? deps.find((x) => x?.machineName === machineName) : undefined;
  return d && Number.isInteger(d.majorVersion) && Number.isInteger(d.minorVersion)
    ? { major: d.majorVersion, minor: d.minorVersion }
    : null;
};

async function runItem(
  job: JobRow,
  target: ILibraryName,
  item: ItemRow,
  sandbox: UpgradeSandbox,
  deps: Map<string, IContentMetadata['preloadedDependencies']>,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const content = await db().h5pContent.findUnique({
      where: { id: item.content_id },
      select: { id: true, title: true, mainLibrary: true, parameters: true, metadata: true, updatedAt: true },
    });
    if (!content)
      return void (await record(db(), job.id, item.position, {
        status: 'failed',
        error: 'The content was deleted before it was upgraded',
      }));
    const from = versionOf(content.metadata, job.machineName);
    if (
      content.mainLibrary !== job.machineName ||
      !from ||
      from.major > job.toMajor ||
      (from.major === job.toMajor && from.minor >= job.toMinor)
    ) {
      return void (await record(db(), job.id, item.position, {
        status: 'unchanged',
        error: from ? `Already on ${job.machineName} ${versionText(from)}` : undefined,
      }));
    }
    const result: Upgraded = await upgradeContent(
      sandbox,
      { machineName: job.machineName, from, to: { major: job.toMajor, minor: job.toMinor } },
      content.parameters,
      content.metadata as unknown as IContentMetadata,
      deps,
    );
    if (!result.ok) return void (await record(db(), job.id, item.position, { status: 'failed', error: result.error }));
    const changes = compareRevisions(
      { parameters: content.parameters, metadata: { title: (content.metadata as unknown as IContentMetadata).title }, files: null },
      { parameters: result.params, metadata: { title: result.metadata.title }, files: null },
    );
    if (job.dryRun) return void (await record(db(), job.id, item.position, { status: 'upgraded', changes }));
    const written = await db().$transaction(
      async (tx) => {
        if (!(await lockContent(tx, content.id))) return 'gone' as const;
        const now = await tx.h5pContent.findUnique({ where: { id: content.id }, select: { updatedAt: true } });
        if (!now || now.updatedAt.getTime() !== content.updatedAt.getTime()) return 'changed' as const;
        await settleUnrecorded(tx, content.id);
        const latest = await latestRevision(tx, content.id);
        const title = result.metadata.title || content.title;
        await tx.h5pContent.update({
          where: { id: content.id },
          data: {
            title,
            metadata: result.metadata as unknown as Prisma.InputJsonValue,
            parameters: result.params as Prisma.InputJsonValue,
            thumbnailPath: thumbnailPathFor(result.params),
          },
        });
        const rev = await recordRevision(tx, {
          contentId: content.id,
          kind: 'upgrade',
          title,
          mainLibrary: content.mainLibrary,
          parameters: result.params as Prisma.InputJsonValue,
          metadata: result.metadata as unknown as Prisma.InputJsonValue,
          // the files do not change: the latest revision's list, when it has one (else recorded right after)
          files: Array.isArray(latest?.files) ? (latest.files as unknown as { path: string; sha256: string; size: number }[]) : undefined,
          author: { id: job.createdBy, name: job.createdByName },
          note: `Upgraded ${job.machineName} ${versionText(from)} → ${job.toMajor}.${job.toMinor}`,
        });
        await record(tx, job.id, item.position, { status: 'upgraded', changes, revisionId: rev.id });
        return rev.id;
      },
      { timeout: 60_000 },
    );
    if (written === 'gone')
      return void (await record(db(), job.id, item.position, {
        status: 'failed',
        error: 'The content was deleted before it was upgraded',
      }));
    if (written === 'changed') continue; // saved meanwhile: upgraded again from what was saved
    await forgetContent(content.id);
    await settleRevisionFiles(written).catch(() => undefined);
    await deleteQualityReport(content.id).catch(() => undefined);
    scheduleQualityReport(content.id);
    return;
  }
  await record(db(), job.id, item.position, {
    status: 'failed',
    error: 'The content kept changing while it was upgraded: run the upgrade again',
  });
}
