// Per-worker set-up: lib/ modules used directly by tests (factories) read the test database.
import { TEST_AUTH_SECRET, testDatabaseUrl, testRedisUrl } from './env';

process.env.DATABASE_URL = testDatabaseUrl();
process.env.REDIS_URL = testRedisUrl();
process.env.LOG_LEVEL = 'silent';
process.env.DB_POOL_MAX = '60'; // enough connections for the concurrency tests to really race
process.env.AUTH_SECRET = TEST_AUTH_SECRET; // the app's session secret: embed tokens minted here verify there
