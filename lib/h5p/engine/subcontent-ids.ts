// Sub-content ids for content stored before the semantics filter kept them (issue 23, item 3): until then, import
// and save dropped the `subContentId` of Single Choice Set questions and Summary statements (groups H5P marks
// isSubContent), so every question of such content sends the same xAPI object id. The ids a package once carried
// are gone; this gives each such sub-content a UUID of its own now, exactly as the next save would (the same filter,
// lib/h5p/engine/sanitize.ts), so results recorded from here on tell the questions apart.
//
// Only content whose filtered parameters differ from the stored ones in sub-content ids alone is written (anything
// else is left to the next save, and counted); the write is conditional on the parameters being unchanged since they
// were read, and leaves updated_at alone (nothing the author sees has changed). Run: npm run content:subcontent-ids.
import { isDeepStrictEqual } from 'node:util';
import type { IContentMetadata } from '@lumieducation/h5p-server';
import { db } from '@/lib/db/client';
import { forgetContent } from '@/lib/h5p/content/content-cache';
import { filterParams, mainLibraryOf, type SemanticsField, type SemanticsLoader } from './sanitize';
import { h5p } from './server';

type Json = unknown;

/** `value` without any `subContentId` key, at any depth. */
function withoutIds(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) if (k !== 'subContentId') out[k] = withoutIds(v);
    return out;
  }
  return value;
}

export interface BackfillReport {
  /** items looked at */
  scanned: number;
  /** items given the ids they lacked */
  updated: number;
  /** items whose ids were all there */
  unchanged: number;
  /** items left alone: their content type is not installed, or filtering would change more than ids */
  skipped: number;
}

/**
 * Gives the sub-content of stored content the UUIDs it lacks (`dryRun`: counts only). `contentIds` limits the run to
 * those items; `load` is the semantics source (the installed libraries by default).
 */
export async function backfillSubContentIds(opts: { contentIds?: string[]; load?: SemanticsLoader; dryRun?: boolean; batch?: number; onProgress?: (r: BackfillReport) => void } = {}): Promise<BackfillReport> {
  const load: SemanticsLoader =
    opts.load ??
    (await (async () => {
      const { editor } = await h5p();
      return async (lib) => (await editor.libraryManager.getSemantics(lib).catch(() => undefined)) as SemanticsField[] | undefined;
    })());
  const report: BackfillReport = { scanned: 0, updated: 0, unchanged: 0, skipped: 0 };
  const batch = Math.max(1, opts.batch ?? 200);
  let after = '';
  for (;;) {
    const rows = await db().h5pContent.findMany({
      where: { id: { gt: after, ...(opts.contentIds ? { in: opts.contentIds } : {}) } },
      orderBy: { id: 'asc' },
      take: batch,
      select: { id: true, metadata: true, parameters: true },
    });
    if (!rows.length) break;
    for (const row of rows) {
      report.scanned++;
      let filtered: Json;
      try {
        filtered = await filterParams(row.parameters, mainLibraryOf(row.metadata as unknown as IContentMetadata), load);
      } catch {
        report.skipped++;
        continue;
      }
      if (isDeepStrictEqual(filtered, row.parameters)) {
        report.unchanged++;
        continue;
      }
      if (!isDeepStrictEqual(withoutIds(filtered), withoutIds(row.parameters))) {
        report.skipped++;
        continue;
      }
      if (!opts.dryRun) {
        const n = await db().$executeRaw`
          UPDATE h5p_contents SET parameters = ${JSON.stringify(filtered)}::jsonb
           WHERE id = ${row.id} AND parameters = ${JSON.stringify(row.parameters)}::jsonb`;
        if (n === 0) {
          report.skipped++; // saved meanwhile: that save gave the ids
          continue;
        }
        await forgetContent(row.id);
      }
      report.updated++;
    }
    after = rows[rows.length - 1]!.id;
    opts.onProgress?.({ ...report });
  }
  return report;
}
