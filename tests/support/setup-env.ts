// Per-worker set-up: lib/ modules used directly by tests (factories) read the test database.
import { testDatabaseUrl, testRedisUrl } from './env';

process.env.DATABASE_URL = testDatabaseUrl();
process.env.REDIS_URL = testRedisUrl();
process.env.LOG_LEVEL = 'silent';
process.env.DB_POOL_MAX = '60'; // enough connections for the concurrency tests to really race
