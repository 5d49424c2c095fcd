// Running one upgrade job (issue 28 item 1), loaded by the runner once it holds a job's lease: the job's libraries
// into the sandbox, then its pending items one at a time, each result recorded once with the job's counters. A real
// run writes the upgraded item, its revision (kind upgrade) and the item's result in one transaction under the item's
// row lock; a failed item is left untouched.
import type { IContentMetadata, ILibraryName } from '@lumieducation/h5p-server';
import { db, Prisma } from '@/lib/db/client';
import { forgetContent } from '@/lib/h5p/content/content-cache';
import { h5p } from '@/lib/h5p/engine/server';
import { contentRow } from '@/lib/h5p/engine/storage/content-storage';
import { deleteQualityReport } from '@/lib/h5p/quality/store';
import { scheduleQualityReport } from '@/lib/h5p/quality/background';
import { compareRevisions, type Change } from '@/lib/h5p/revisions/diff';
import { latestRevision, lockContent, recordRevision, settleRevisionFiles, settleUnrecorded } from '@/lib/h5p/revisions/record';
import { librarySet, versionText, type Version } from './libraries';
import { BATCH, finish, renew } from './runner';
import { failureText, UpgradeSandbox } from './sandbox';
import { upgradeContent, type Upgraded } from './upgrade';

type JobRow = Prisma.ContentUpgradeJobGetPayload<object>;
const MAX_CHANGES_KEPT = 100;
/** how often the lease is renewed while items run (it lasts 60 s; an item takes at most about 11 s) */
const RENEW_MS = 5_000;

type ItemRow = { position: number; content_id: string; from_version: string };

export async function runJob(job: JobRow): Promise<void> {
  const target: ILibraryName = { machineName: job.machineName, majorVersion: job.toMajor, minorVersion: job.toMinor };
  const sandbox = new UpgradeSandbox();
  try {
    const loadErrors = await sandbox.load(await librarySet(target));
    const loadDetail = loadErrors.length ? loadErrors.map(failureText).join('; ').slice(0, 500) : null;
    if (loadDetail) await db().contentUpgradeJob.update({ where: { id: job.id }, data: { detail: loadDetail } });
    const deps = new Map<string, IContentMetadata['preloadedDependencies']>();
    let renewed = 0;
    for (;;) {
      const items = await db().$queryRaw<ItemRow[]>`
        SELECT position, content_id, from_version FROM content_upgrade_items
        WHERE job_id = ${job.id}::uuid AND status = 'pending' ORDER BY position LIMIT ${BATCH}`;
      if (!items.length) return void (await finish(job.id, 'completed'));
      for (const item of items) {
        // the lease is renewed (and a request to stop seen) every few seconds: an item may take its whole time limit
        if (Date.now() - renewed > RENEW_MS) {
          const lease = await renew(job.id);
          if (lease === 'lost') return;
          if (lease === 'cancel') return void (await finish(job.id, 'cancelled'));
          renewed = Date.now();
        }
        await runItem(job, target, item, sandbox, deps);
      }
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
    // what a save stores: the parameters through the same filter as every save and import (the hooks' output is
    // untrusted like any other input), the title and thumbnail from them
    const row = await contentRow(content.id, result.metadata, result.params, null, (await h5p()).contentStorage.semantics);
    const changes = compareRevisions(
      { parameters: content.parameters, metadata: { title: (content.metadata as unknown as IContentMetadata).title }, files: null },
      { parameters: row.parameters, metadata: { title: result.metadata.title }, files: null },
    );
    if (job.dryRun) return void (await record(db(), job.id, item.position, { status: 'upgraded', changes }));
    const written = await db().$transaction(
      async (tx) => {
        if (!(await lockContent(tx, content.id))) return 'gone' as const;
        const now = await tx.h5pContent.findUnique({ where: { id: content.id }, select: { updatedAt: true } });
        if (!now || now.updatedAt.getTime() !== content.updatedAt.getTime()) return 'changed' as const;
        await settleUnrecorded(tx, content.id);
        const latest = await latestRevision(tx, content.id);
        const title = row.title;
        await tx.h5pContent.update({
          where: { id: content.id },
          data: {
            title,
            metadata: row.metadata,
            parameters: row.parameters,
            thumbnailPath: row.thumbnailPath,
          },
        });
        const rev = await recordRevision(tx, {
          contentId: content.id,
          kind: 'upgrade',
          title,
          mainLibrary: content.mainLibrary,
          parameters: row.parameters,
          metadata: row.metadata,
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
