// npm run db:migrate — applies pending migrations to DATABASE_URL (the same runner the app uses at start-up).
import { loadEnvConfig } from '@next/env';
import { migrate } from '../lib/db/migrate';

loadEnvConfig(process.cwd());
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(1);
}
migrate(url, undefined, (m) => console.log(m))
  .then((r) => console.log(r.applied.length ? `${r.applied.length} migration(s) applied.` : `No pending migrations (${r.total} found).`))
  .catch((err) => {
    console.error((err as Error).message);
    process.exit(1);
  });
