// The one validated view of the environment. Parsed once, on first use (so `next build` can import
// route modules without a runtime environment); a bad value throws a ConfigError naming the variable,
// and start-up (instrumentation.ts) turns that into a stopped process.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Options } from '@/lib/files/s3';
import { contentOrigin } from '../server/content-origin.mjs';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const str = () => z.preprocess(emptyToUndefined, z.string().optional());
const url = () => z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional());
const bool = (def: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
      .optional()
      .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v))),
  );

/** Where TEST_PAUSE_AT can stop a request (lib/test-pause.ts): after a new content row is written, before its owner is. */
export const TEST_PAUSE_POINTS = ['content-row-written'] as const;

const schema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  APP_URL: url(),
  /** the content origin (issue 23 item 6, server/content-origin.mjs): a second host name content plays on */
  CONTENT_URL: url(),
  CONTENT_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  BASE_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d+)?$/, 'must be a lowercase host name')
      .default('localhost'),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  FILE_STORE: z.preprocess(emptyToUndefined, z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local')),
  S3_ENDPOINT: url(),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional()),
  S3_PREFIX: z.preprocess(emptyToUndefined, z
      .string()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, 'must be a key prefix like lumen/prod')
      .refine((v) => v.split('/').every((seg) => seg !== '.' && seg !== '..'), 'must be a key prefix like lumen/prod')
      .optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: str(),
  S3_SECRET_ACCESS_KEY: str(),
  S3_FORCE_PATH_STYLE: bool(false),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL')
      .optional(),
  ),
  DB_POOL_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(10)),
  // the planner's cost of a random page read on every connection (SSD or memory: 1.1); 0 keeps the server's
  DB_RANDOM_PAGE_COST: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(100).default(1.1)),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  TRUST_PROXY: bool(false),
  SIGNIN_ACCOUNT_FAILURES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(10)),
  SIGNIN_ADDRESS_FAILURES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(100)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  CHECK_RESPONSES: bool(false),

  IDP_BASE_URL: url(),
  IDP_EXTERNAL_URL: url(),
  IDP_REALM: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be a realm name').default('lumen')),
  IDP_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().default('lumen-app')),
  IDP_CLIENT_SECRET: str(),
  IDP_ADMIN_CLIENT_ID: str(),
  IDP_ADMIN_CLIENT_SECRET: str(),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional()),
  SMTP_FROM: str(),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  INTERNAL_API_KEY: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),

  PAYMENT_SECRET_KEY: str(),
  PAYMENT_WEBHOOK_SECRET: str(),
  PAYMENT_PRO_PRICE_ID: str(),
  PAYMENT_PREMIUM_PRICE_ID: str(),
  PAYMENT_API_URL: url(),

  E2E_TEST_CODE: str(),

  CURRICULUM_SERVICE_URL: url(),
  CURRICULUM_SERVICE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(120_000).default(10_000)),
  H5P_HUB_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://api.h5p.org/v1')),
  H5P_EDITOR_DIR: str(),
  H5P_ASSETS_DIR: z.preprocess(emptyToUndefined, z.string().default('.vendor/h5p')),
  ALLOWED_PRIVATE_HOSTS: str(),
  XAPI_LRS_URL: url(),
  XAPI_LRS_KEY: str(),
  XAPI_LRS_SECRET: str(),
  INTAKE_GROUP_COMMIT: bool(true),
  RATE_LIMIT_BATCH_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(5_000).default(100)),
  AI_API_URL: url(),
  AI_API_KEY: str(),
  AI_MODEL: str(),
  AI_TRANSCRIBE_MODEL: str(),
  AI_JOB_LEASE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2).max(86_400).default(900)),
  REQUEST_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30 * 60_000)),
  ABANDONED_UPLOAD_AGE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  TEST_PAUSE_AT: z.preprocess(emptyToUndefined, z.enum(TEST_PAUSE_POINTS).optional()),
});

export type Env = z.infer<typeof schema>;
export type TestPausePoint = (typeof TEST_PAUSE_POINTS)[number];

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  appUrl: string;
  /**
   * where content plays (the player page and its files; server/content-origin.mjs): CONTENT_URL, or the other
   * loopback name at CONTENT_PORT when the app runs on loopback; undefined: on the app's host, opaque sandbox only
   */
  contentUrl: string | undefined;
  baseDomain: string;
  dataDir: string;
  /** where H5P files live (lib/files): the DATA_DIR, or an S3-compatible store shared by every instance */
  files: { store: 'local' } | ({ store: 's3' } & S3Options);
  databaseUrl: string | undefined;
  dbPoolMax: number;
  dbRandomPageCost: number;
  redisUrl: string | undefined;
  trustProxy: boolean;
  /** failed browser sign-ins allowed per 15 minutes: per account, and per client address (lib/http/sign-in-limit.ts) */
  signInFailures: { account: number; address: number };
  logLevel: Env['LOG_LEVEL'];
  /** every success answer of a route with a response schema is checked against it (tests): a mismatch is a 500 */
  checkResponses: boolean;
  idp: {
    /** true when no IDP_BASE_URL is given: the app serves a Keycloak-compatible IdP itself (lib/auth/embedded-idp.ts) */
    embedded: boolean;
    baseUrl: string;
    externalUrl: string;
    realm: string;
    clientId: string;
    clientSecret: string;
    /** the service account of Keycloak's admin REST API (client credentials grant): invitations, roles, accounts */
    admin: { clientId: string; clientSecret: string };
  };
  /** the service's own mail relay (a tenant's smtp_config wins for its school); undefined: links are handed over */
  smtp: { url: string; from: string } | undefined;
  jwtSecret: string | undefined;
  internalApiKey: string | undefined;
  authSecret: string;
  payment: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    proPriceId: string | undefined;
    premiumPriceId: string | undefined;
    apiUrl: string | undefined;
  };
  e2eTestCode: string | undefined;
  /** scratch folders, upload temp files and uncommitted content older than this are swept at start-up (default: REQUEST_TIMEOUT_MS) */
  abandonedUploadAgeMs: number;
  /** test runs only (with E2E_TEST_CODE): the point where a request pauses so a test can kill the instance there */
  testPauseAt: TestPausePoint | undefined;
  curriculumServiceUrl: string | undefined;
  /** bounded wait for each call to the central curriculum service */
  curriculumServiceTimeoutMs: number;
  /**
   * host names or addresses (lowercase) that user-typed outbound URLs may reach although they are private,
   * loopback or link-local (ALLOWED_PRIVATE_HOSTS: an LMS on the operator's own network; tests on 127.0.0.1)
   */
  allowedPrivateHosts: string[];
  /** the external Learning Record Store statements are forwarded to (lib/results/lrs.ts); undefined: none */
  xapiLrs: { url: string; key: string; secret: string } | undefined;
  /** statement batches are written many to one statement (lib/results/intake-commit.ts); false: each on its own at once */
  intakeGroupCommit: boolean;
  /** how long the player tier's hits are counted in the instance before they are sent to Redis in one batch (lib/http/rate-batch.ts); 0: each in its own round trip */
  rateLimitBatchMs: number;
  h5p: {
    hubUrl: string;
    editorDir: string | undefined;
    /** install-time browser files (scripts/setup-h5p.mjs): core/, editor/, standalone/ */
    assetsDir: string;
  };
  ai: {
    apiUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    /** the provider's speech-to-text model (POST <AI_API_URL>/audio/transcriptions) for videos without captions */
    transcribeModel: string;
    /** how long one item of an AI job may run before its queue job expires and another instance retries it (lib/ai/jobs.ts) */
    jobLeaseSeconds: number;
  };
}

/** Path of the embedded identity provider's state (keys, client secret, demo accounts), written by `npm start`. */
export function embeddedIdpStatePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'embedded', 'idp.json');
}

function readEmbeddedClientSecret(dataDir: string): string {
  try {
    const state = JSON.parse(readFileSync(embeddedIdpStatePath(dataDir), 'utf8')) as { clientSecret?: string };
    if (state.clientSecret) return state.clientSecret;
  } catch {
    /* not initialised yet: see below */
  }
  // Without the state file the embedded IdP cannot issue tokens; logins answer with the IdP's error.
  return '';
}

export function parseConfig(source: Record<string, string | undefined>): AppConfig {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const embedded = !e.IDP_BASE_URL;
  if (!embedded && !e.IDP_CLIENT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  IDP_CLIENT_SECRET: required when IDP_BASE_URL is set');
  }
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when FILE_STORE is s3');
  }
  if (e.FILE_STORE === 's3' && !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  // a crash-injection hook must never be switched on by a stray variable in production: only in test runs
  if (e.TEST_PAUSE_AT && !e.E2E_TEST_CODE) {
    throw new ConfigError('Invalid configuration:\n  TEST_PAUSE_AT: only for test runs (set together with E2E_TEST_CODE)');
  }
  if (e.XAPI_LRS_URL && (!e.XAPI_LRS_KEY || !e.XAPI_LRS_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  XAPI_LRS_KEY: XAPI_LRS_URL needs XAPI_LRS_KEY and XAPI_LRS_SECRET (the LRS\'s basic-auth key and secret)');
  }
  let content: ReturnType<typeof contentOrigin>;
  try {
    content = contentOrigin({ PORT: String(e.PORT), APP_URL: appUrl, BASE_DOMAIN: e.BASE_DOMAIN, CONTENT_URL: e.CONTENT_URL, CONTENT_PORT: e.CONTENT_PORT === undefined ? undefined : String(e.CONTENT_PORT) });
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const idpBase = (e.IDP_BASE_URL ?? appUrl).replace(/\/+$/, '');
  const clientSecret = e.IDP_CLIENT_SECRET ?? readEmbeddedClientSecret(e.DATA_DIR);
  const authSecret =
    e.AUTH_SECRET ??
    createHash('sha256')
      .update(`lumen-session:${clientSecret}:${e.JWT_SECRET ?? ''}:${e.INTERNAL_API_KEY ?? ''}`)
      .digest('hex');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    appUrl,
    contentUrl: content.url ?? undefined,
    baseDomain: e.BASE_DOMAIN,
    dataDir: path.resolve(e.DATA_DIR),
    files:
      e.FILE_STORE === 's3'
        ? {
            store: 's3',
            endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET!,
            prefix: e.S3_PREFIX ? `${e.S3_PREFIX}/` : '',
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { store: 'local' },
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    dbRandomPageCost: e.DB_RANDOM_PAGE_COST,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    signInFailures: { account: e.SIGNIN_ACCOUNT_FAILURES, address: e.SIGNIN_ADDRESS_FAILURES },
    logLevel: e.LOG_LEVEL,
    checkResponses: e.CHECK_RESPONSES,
    idp: {
      embedded,
      baseUrl: idpBase,
      externalUrl: (e.IDP_EXTERNAL_URL ?? idpBase).replace(/\/+$/, ''),
      realm: e.IDP_REALM,
      clientId: e.IDP_CLIENT_ID,
      clientSecret,
      admin: { clientId: e.IDP_ADMIN_CLIENT_ID ?? e.IDP_CLIENT_ID, clientSecret: e.IDP_ADMIN_CLIENT_SECRET ?? clientSecret },
    },
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? `Lumen Learn <no-reply@${e.BASE_DOMAIN}>` } : undefined,
    jwtSecret: e.JWT_SECRET,
    internalApiKey: e.INTERNAL_API_KEY,
    authSecret,
    payment: {
      secretKey: e.PAYMENT_SECRET_KEY,
      webhookSecret: e.PAYMENT_WEBHOOK_SECRET,
      proPriceId: e.PAYMENT_PRO_PRICE_ID,
      premiumPriceId: e.PAYMENT_PREMIUM_PRICE_ID,
      apiUrl: e.PAYMENT_API_URL,
    },
    e2eTestCode: e.E2E_TEST_CODE,
    abandonedUploadAgeMs: e.ABANDONED_UPLOAD_AGE_MS ?? e.REQUEST_TIMEOUT_MS,
    testPauseAt: e.TEST_PAUSE_AT,
    curriculumServiceUrl: e.CURRICULUM_SERVICE_URL?.replace(/\/+$/, ''),
    curriculumServiceTimeoutMs: e.CURRICULUM_SERVICE_TIMEOUT_MS,
    allowedPrivateHosts: (e.ALLOWED_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
      .filter(Boolean),
    xapiLrs: e.XAPI_LRS_URL ? { url: e.XAPI_LRS_URL.replace(/\/+$/, ''), key: e.XAPI_LRS_KEY ?? '', secret: e.XAPI_LRS_SECRET ?? '' } : undefined,
    intakeGroupCommit: e.INTAKE_GROUP_COMMIT,
    rateLimitBatchMs: e.RATE_LIMIT_BATCH_MS,
    h5p: {
      hubUrl: e.H5P_HUB_URL.replace(/\/+$/, ''),
      editorDir: e.H5P_EDITOR_DIR ? path.resolve(e.H5P_EDITOR_DIR) : undefined,
      assetsDir: path.resolve(e.H5P_ASSETS_DIR),
    },
    ai: { apiUrl: e.AI_API_URL?.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL, transcribeModel: e.AI_TRANSCRIBE_MODEL || 'whisper-1', jobLeaseSeconds: e.AI_JOB_LEASE_SECONDS },
  };
}

const g = globalThis as unknown as { __lumenConfig?: AppConfig };

/** The application's configuration, parsed from process.env once per process. */
export function config(): AppConfig {
  g.__lumenConfig ??= parseConfig(process.env);
  return g.__lumenConfig;
}

/** The database URL; start-up (server/start.mjs) provides the embedded database's when DATABASE_URL is unset. */
export function databaseUrl(): string {
  const u = config().databaseUrl;
  if (!u) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: not set (start with `npm start` to use the embedded database)');
  return u;
}
