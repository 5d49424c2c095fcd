// One Prisma client per process, over the pg driver adapter (no engine binary needed).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config, databaseUrl } from '@/lib/config';

export type Db = PrismaClient;
const g = globalThis as unknown as { __lumenPrisma?: PrismaClient };

function make(): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl(),
    max: config().dbPoolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

/** The Prisma client (created on first use). */
export function db(): PrismaClient {
  g.__lumenPrisma ??= make();
  return g.__lumenPrisma;
}

export async function disconnectDb(): Promise<void> {
  await g.__lumenPrisma?.$disconnect();
  g.__lumenPrisma = undefined;
}

export { Prisma } from '@/lib/generated/prisma/client';
