// One Prisma client per process, over the pg driver adapter (no engine binary needed).
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config, databaseUrl } from '@/lib/config';

export type Db = PrismaClient;
const g = globalThis as unknown as { __lumenPrisma?: PrismaClient; __lumenPool?: pg.Pool };

function make(): PrismaClient {
  // PostgreSQL's default random_page_cost (4) models spinning disks: with the working set in memory or on SSD it
  // makes the planner scan many rows rather than probe the few a search or filter selects (docs/performance.md).
  // Given in the connection's start-up parameters, so it costs no statement.
  const cost = config().dbRandomPageCost;
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    max: config().dbPoolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...(cost > 0 ? { options: `-c random_page_cost=${Number(cost)}` } : {}),
  });
  g.__lumenPool = pool;
  return new PrismaClient({ adapter: new PrismaPg(pool) });
}

/** The Prisma client (created on first use). */
export function db(): PrismaClient {
  g.__lumenPrisma ??= make();
  return g.__lumenPrisma;
}

/**
 * The Prisma client's own connection pool, for the few writes that must be one plain statement on the wire (the
 * statement intake's group commit, lib/results/intake-commit.ts: a named prepared statement, no Prisma layer).
 */
export function dbPool(): pg.Pool {
  db();
  return g.__lumenPool!;
}

export async function disconnectDb(): Promise<void> {
  await g.__lumenPrisma?.$disconnect();
  g.__lumenPrisma = undefined;
  g.__lumenPool = undefined;
}

export { Prisma } from '@/lib/generated/prisma/client';
