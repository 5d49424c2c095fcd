// Applies prisma/migrations/<name>/migration.sql in name order and records each in _prisma_migrations
// exactly as Prisma's schema engine does (hex sha256 checksum, same advisory lock), so `prisma migrate
// status` / `deploy` elsewhere see the database as up to date. Two instances starting together
// serialise on the advisory lock; the second finds nothing pending.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const PRISMA_MIGRATE_LOCK = 72707369;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sameScript = (script: string, sum: string) =>
  [script, script.replaceAll('\r\n', '\n'), script.replaceAll('\n', '\r\n')].some((s) => sha256(s) === sum);

export interface MigrateResult {
  applied: string[];
  total: number;
}

export async function migrate(
  connectionString: string,
  migrationsDir = path.join(process.cwd(), 'prisma', 'migrations'),
  logger: (msg: string) => void = () => {},
): Promise<MigrateResult> {
  const url = new URL(connectionString);
  const schema = url.searchParams.get('schema') ?? 'public';
  url.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`);
    await client.query(`SET search_path TO "${schema.replaceAll('"', '""')}"`);
    await client.query(`SELECT pg_advisory_lock(${PRISMA_MIGRATE_LOCK})`);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum"            VARCHAR(64) NOT NULL,
      "finished_at"         TIMESTAMPTZ,
      "migration_name"      VARCHAR(255) NOT NULL,
      "logs"                TEXT,
      "rolled_back_at"      TIMESTAMPTZ,
      "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`,
    );
    const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at);
    if (failed.length) {
      throw new Error(
        `A previous migration failed: ${failed.map((r) => r.migration_name).join(', ')}. ` +
          'Repair the database, then mark it with `prisma migrate resolve --rolled-back <name>`.',
      );
    }
    const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r.checksum]));
    const names = existsSync(/*turbopackIgnore: true*/ migrationsDir)
      ? readdirSync(/*turbopackIgnore: true*/ migrationsDir, { withFileTypes: true })
          .filter((d) => d.isDirectory() && existsSync(/*turbopackIgnore: true*/ path.join(migrationsDir, d.name, 'migration.sql')))
          .map((d) => d.name)
          .sort()
      : [];
    for (const name of names) {
      const script = readFileSync(/*turbopackIgnore: true*/ path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      const sum = done.get(name);
      if (sum !== undefined) {
        if (!sameScript(script, sum)) logger(`warning: migration ${name} was modified after it was applied`);
        continue;
      }
      const id = randomUUID();
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
        [id, sha256(script), name],
      );
      try {
        await client.query(script); // simple protocol: the whole file in one implicit transaction, as Prisma does
      } catch (e) {
        await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, String((e as Error).message)]);
        throw new Error(`Migration ${name} failed: ${(e as Error).message}`);
      }
      await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
      applied.push(name);
      logger(`applied migration ${name}`);
    }
    return { applied, total: names.length };
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${PRISMA_MIGRATE_LOCK})`).catch(() => {});
    await client.end().catch(() => {});
  }
}
