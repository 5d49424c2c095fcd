// Connection settings of the test tiers (overridable for other machines).
export const TEST_JWT_SECRET = 'test-local-jwt-secret-0123456789';
export const TEST_INTERNAL_KEY = 'test-internal-api-key-0123456789';
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/lumen_test';
export const testRedisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
export const TEST_AUTH_SECRET = 'test-session-secret-0123456789abcdef0123456789';
