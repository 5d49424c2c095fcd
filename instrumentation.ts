// Runs once when a server process starts, before it serves requests: validates the configuration (a bad
// value stops the process with a message naming the variable) and applies pending database migrations
// (serialised across instances by an advisory lock).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { config, databaseUrl, ConfigError } = await import('./lib/config');
  let url: string;
  try {
    config();
    url = databaseUrl();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { migrate } = await import('./lib/db/migrate');
  const { log } = await import('./lib/log');
  const deadline = Date.now() + 60_000;
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await migrate(url, undefined, (m) => log.info(m));
      log.info({ applied: r.applied.length, total: r.total }, 'database schema up to date');
      break;
    } catch (err) {
      const msg = (err as Error).message;
      if (/failed/i.test(msg) && !/connect|ECONNREFUSED|timeout/i.test(msg)) {
        console.error(`Database migration failed: ${msg}`);
        process.exit(1);
      }
      if (Date.now() > deadline) {
        console.error(`Database unreachable at start-up: ${msg}`);
        process.exit(1);
      }
      log.warn({ attempt, err: msg }, 'database not reachable yet; retrying migrations');
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
  (await import('./lib/cache')).cache(); // connect (or warn about the in-process fallback) before the first request
}
