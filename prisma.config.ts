// Prisma CLI configuration (used only by `prisma generate` and when authoring migrations).
// The application applies migrations itself at start-up (lib/db/migrate.ts), without the CLI.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});
