// The environment of every instance in the two-instance test (tests/integration/scale-out.test.ts), in one
// place. compose.yaml's app services run the same variables (its `x-app-environment` block): the test checks
// that the two lists stay the same (tests/integration/scale-out.test.ts, "compose.yaml runs this environment").
//
// | variable | test | compose.yaml |
// |---|---|---|
// | NODE_ENV | production | production |
// | DATABASE_URL | the integration database (TEST_DATABASE_URL) — ONE database for both | the `postgres` service |
// | REDIS_URL | the integration Redis db (TEST_REDIS_URL) — ONE db for both: caches, rate limits, locks, invalidation | the `redis` service |
// | DATA_DIR | the main test app's DATA_DIR — ONE directory for both: scratch space only (H5P files are in the S3 store) | the shared volume `lumen-data` (the embedded IdP's keys, scratch) |
// | FILE_STORE, S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE | s3: ONE bucket of the S3 stand-in (s3rver) for both — content, library and temporary files | s3: the `minio` service's bucket |
// | TRUST_PROXY | true: the client is the first X-Forwarded-For entry, set by the round-robin proxy | true (the `proxy` service) |
// | APP_URL, BASE_DOMAIN | the test's hosts | the proxy's public address |
// | CONTENT_URL | the test's content host (routed by its Host header) | the proxy's other loopback name |
// | AUTH_SECRET, JWT_SECRET, INTERNAL_API_KEY | the test secrets, the SAME on every instance (sessions, content tokens, local tokens and internal calls verify anywhere) | set once, the same for both |
// | H5P_HUB_URL | the hub stand-in | the H5P Hub |
// | LOG_LEVEL | warn | warn |
// | IDP_BASE_URL, IDP_EXTERNAL_URL, IDP_REALM, IDP_CLIENT_ID, IDP_CLIENT_SECRET | the Keycloak-shaped stand-in | commented: unset runs the embedded IdP (its keys are in the shared DATA_DIR); set them for Keycloak |
//
// The identity provider is the one deliberate difference (the test signs its teachers' tokens with the
// stand-in); every other variable is set in both.
import { appEnv } from './global-setup';
import { testDatabaseUrl, testRedisUrl } from './env';

/** Variables the test sets that compose.yaml leaves commented (the identity provider: see above). */
export const IDP_VARIABLES = ['IDP_BASE_URL', 'IDP_EXTERNAL_URL', 'IDP_REALM', 'IDP_CLIENT_ID', 'IDP_CLIENT_SECRET'] as const;

export interface ScaleOutStores {
  /** the stand-in IdP (inject('idpUrl')) */
  idpUrl: string;
  /** the stand-in H5P Hub (inject('hubUrl')) */
  hubUrl: string;
  /** the one DATA_DIR every instance shares (inject('appDataDir')) */
  dataDir: string;
  /** the S3-compatible store every instance shares (tests/support/s3-standin.ts) and its bucket */
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
}

/** The environment every instance of the two-instance test starts with (startApp adds PORT and HOST). */
export function scaleOutEnv(stores: ScaleOutStores): Record<string, string> {
  const base = appEnv(stores.idpUrl);
  return {
    NODE_ENV: 'production',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: testRedisUrl(),
    DATA_DIR: stores.dataDir,
    FILE_STORE: 's3',
    S3_ENDPOINT: stores.s3.endpoint,
    S3_BUCKET: stores.s3.bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: stores.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: stores.s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    TRUST_PROXY: 'true',
    APP_URL: base.APP_URL!,
    BASE_DOMAIN: base.BASE_DOMAIN!,
    CONTENT_URL: base.CONTENT_URL!,
    AUTH_SECRET: base.AUTH_SECRET!,
    JWT_SECRET: base.JWT_SECRET!,
    INTERNAL_API_KEY: base.INTERNAL_API_KEY!,
    H5P_HUB_URL: stores.hubUrl,
    LOG_LEVEL: 'warn',
    IDP_BASE_URL: base.IDP_BASE_URL!,
    IDP_EXTERNAL_URL: base.IDP_EXTERNAL_URL!,
    IDP_REALM: base.IDP_REALM!,
    IDP_CLIENT_ID: base.IDP_CLIENT_ID!,
    IDP_CLIENT_SECRET: base.IDP_CLIENT_SECRET!,
  };
}
