// Batched upserts of curriculum records: one multi-row INSERT … ON CONFLICT DO UPDATE per batch, each batch
// in its own transaction. When a batch fails, it is retried row by row under savepoints inside the same
// transaction, so one bad row is reported as an item error and the rest of the batch is kept.
import type { ZodType } from 'zod';
import { db } from '@/lib/db/client';

export const BATCH_SIZE = 200;

export interface ItemError {
  entity: string;
  code: string;
  error: string;
}

export interface TableSpec<T> {
  entity: string;
  table: string;
  /** column name → SQL type used to cast the parameter */
  columns: [string, string][];
  key: string[];
  schema: ZodType<T>;
  /** values in the order of `columns` */
  values: (row: T) => unknown[];
}

function upsertSql(spec: TableSpec<unknown>, rowCount: number): string {
  const cols = spec.columns.map(([c]) => `"${c}"`);
  const n = spec.columns.length;
  const tuples: string[] = [];
  for (let r = 0; r < rowCount; r++) {
    const ps = spec.columns.map(([, type], i) => `$${r * n + i + 1}::${type}`);
    tuples.push(`(${ps.join(', ')}, now())`);
  }
  const updates = spec.columns.filter(([c]) => !spec.key.includes(c)).map(([c]) => `"${c}" = EXCLUDED."${c}"`);
  return `INSERT INTO "${spec.table}" (${cols.join(', ')}, "updated_at") VALUES ${tuples.join(', ')}
    ON CONFLICT (${spec.key.map((k) => `"${k}"`).join(', ')}) DO UPDATE SET ${[...updates, '"updated_at" = now()'].join(', ')}`;
}

function keyOf(spec: TableSpec<unknown>, values: unknown[]): string {
  return spec.key.map((k) => String(values[spec.columns.findIndex(([c]) => c === k)])).join('\u0000');
}

const errorText = (err: unknown) => {
  const msg = err instanceof Error ? err.message : String(err);
  // Prisma wraps driver errors in long texts: keep the database's own sentence
  const m = /message: "([^"]+)"/.exec(msg) ?? /(value too long[^\n]*|violates[^\n]*|invalid input[^\n]*|out of range[^\n]*)/.exec(msg);
  return (m?.[1] ?? msg).slice(0, 300);
};

const zodText = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');

/**
 * Validates raw records and upserts the valid ones in batches. `fill` adds fields the parent supplies
 * (e.g. framework_code). Returns how many rows were stored and the per-item errors.
 */
export async function upsertAll<T>(spec: TableSpec<T>, raw: unknown[], fill: Record<string, unknown> = {}): Promise<{ synced: number; errors: ItemError[] }> {
  const errors: ItemError[] = [];
  const byKey = new Map<string, { code: string; values: unknown[] }>();
  for (const item of raw) {
    const rawCode = item && typeof item === 'object' && 'code' in item ? String(item.code) : '(no code)';
    const parsed = spec.schema.safeParse(item && typeof item === 'object' ? { ...item, ...fill } : item);
    if (!parsed.success) {
      errors.push({ entity: spec.entity, code: rawCode, error: zodText(parsed.error.issues) });
      continue;
    }
    const values = spec.values(parsed.data);
    byKey.set(keyOf(spec as TableSpec<unknown>, values), { code: rawCode, values }); // last one wins
  }
  const rows = [...byKey.values()];
  let synced = 0;
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = rows.slice(i, i + BATCH_SIZE);
    const result = await db().$transaction(
      async (tx) => {
        let ok = 0;
        const failed: ItemError[] = [];
        await tx.$executeRawUnsafe('SAVEPOINT curriculum_batch');
        try {
          await tx.$executeRawUnsafe(upsertSql(spec as TableSpec<unknown>, batch.length), ...batch.flatMap((r) => r.values));
          await tx.$executeRawUnsafe('RELEASE SAVEPOINT curriculum_batch');
          ok = batch.length;
        } catch {
          await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT curriculum_batch');
          for (const row of batch) {
            await tx.$executeRawUnsafe('SAVEPOINT curriculum_row');
            try {
              await tx.$executeRawUnsafe(upsertSql(spec as TableSpec<unknown>, 1), ...row.values);
              await tx.$executeRawUnsafe('RELEASE SAVEPOINT curriculum_row');
              ok++;
            } catch (err) {
              await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT curriculum_row');
              failed.push({ entity: spec.entity, code: row.code, error: errorText(err) });
            }
          }
        }
        return { ok, failed };
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
    synced += result.ok;
    errors.push(...result.failed);
  }
  return { synced, errors };
}
