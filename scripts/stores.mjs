// Clean stores for the test tiers and benchmarks: a PostgreSQL database created when missing and emptied,
// and a flushed Redis database. Plain JavaScript so scripts/e2e.mjs can use it as well as the TypeScript.
import pg from 'pg';
import Redis from 'ioredis';

/** Creates the database of `url` when it is missing, then drops and recreates its public schema. */
export async function resetDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  } finally {
    await c.end();
  }
}

/** Empties the Redis database of `url`. */
export async function resetRedis(url) {
  const r = new Redis(url, { lazyConnect: true });
  await r.connect();
  try {
    await r.flushdb();
  } finally {
    r.disconnect();
  }
}
