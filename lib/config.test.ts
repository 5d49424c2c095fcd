import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.baseDomain).toBe('localhost');
    expect(c.idp.embedded).toBe(true);
    expect(c.idp.baseUrl).toBe('http://localhost:3000');
    expect(c.redisUrl).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(c.h5p.hubUrl).toBe('https://api.h5p.org/v1');
  });

  it('keeps files in DATA_DIR by default and in an S3 store with FILE_STORE=s3 (bucket required, keys in pairs)', () => {
    expect(parseConfig({}).files).toEqual({ store: 'local' });
    expect(() => parseConfig({ FILE_STORE: 's3' })).toThrowError(/S3_BUCKET: required when FILE_STORE is s3/);
    expect(() => parseConfig({ FILE_STORE: 'nfs' })).toThrowError(/FILE_STORE: must be local or s3/);
    expect(() => parseConfig({ FILE_STORE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrowError(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => parseConfig({ FILE_STORE: 's3', S3_BUCKET: 'lumen', S3_ACCESS_KEY_ID: 'k' })).toThrowError(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseConfig({ FILE_STORE: 's3', S3_BUCKET: 'lumen', S3_PREFIX: '../x' })).toThrowError(/S3_PREFIX/);
    const c = parseConfig({ FILE_STORE: 's3', S3_BUCKET: 'lumen', S3_ENDPOINT: 'http://minio:9000/', S3_PREFIX: 'lumen/prod', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(c.files).toEqual({
      store: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'lumen',
      prefix: 'lumen/prod/',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
  });

  it('plays content on an origin of its own: the other loopback name by default, CONTENT_URL on a real host (issue 23 item 6)', () => {
    expect(parseConfig({}).contentUrl).toBe('http://127.0.0.1:3001');
    expect(parseConfig({ PORT: '4000', APP_URL: 'http://127.0.0.1:4000' }).contentUrl).toBe('http://localhost:4001');
    expect(parseConfig({ CONTENT_PORT: '5005' }).contentUrl).toBe('http://127.0.0.1:5005');
    // a real host name and no CONTENT_URL: content stays on the app's host in an opaque sandbox
    expect(parseConfig({ APP_URL: 'https://app.example.com', BASE_DOMAIN: 'example.com' }).contentUrl).toBeUndefined();
    expect(parseConfig({ APP_URL: 'https://app.example.com', BASE_DOMAIN: 'example.com', CONTENT_URL: 'https://play.example-content.com/' }).contentUrl).toBe('https://play.example-content.com');
    const bad = (CONTENT_URL: string) => () => parseConfig({ APP_URL: 'https://app.example.com', BASE_DOMAIN: 'example.com', CONTENT_URL });
    expect(bad('https://app.example.com:8443')).toThrowError(/CONTENT_URL: must be another host name than APP_URL/);
    expect(bad('https://example.com')).toThrowError(/CONTENT_URL: must not be BASE_DOMAIN or a name under it/);
    expect(bad('https://content.example.com')).toThrowError(/CONTENT_URL: must not be BASE_DOMAIN or a name under it/);
    expect(bad('https://play.example-content.com/h5p')).toThrowError(/CONTENT_URL: must be an http\(s\) origin/);
    expect(bad('ftp://play.example-content.com')).toThrowError(/CONTENT_URL: /);
    expect(() => parseConfig({ CONTENT_PORT: '70000' })).toThrowError(/CONTENT_PORT/);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ REDIS_URL: '', TRUST_PROXY: ' ', PORT: '' }).redisUrl).toBeUndefined();
  });

  it('uses an external IdP when IDP_BASE_URL is set, and then requires its client secret', () => {
    expect(() => parseConfig({ IDP_BASE_URL: 'https://id.example/auth' })).toThrowError(/IDP_CLIENT_SECRET/);
    const c = parseConfig({ IDP_BASE_URL: 'https://id.example/auth/', IDP_CLIENT_SECRET: 's', IDP_EXTERNAL_URL: 'https://login.example/auth' });
    expect(c.idp).toMatchObject({ embedded: false, baseUrl: 'https://id.example/auth', externalUrl: 'https://login.example/auth', clientSecret: 's' });
  });

  it.each([
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['REDIS_URL', { REDIS_URL: 'http://x' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['APP_URL', { APP_URL: 'not a url' }],
    ['BASE_DOMAIN', { BASE_DOMAIN: 'Bad Domain' }],
    ['INTERNAL_API_KEY', { INTERNAL_API_KEY: 'short' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('names %s when its value is bad', (name, env) => {
    try {
      parseConfig(env);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as Error).message).toContain(`${name}:`);
    }
  });

  it('derives a stable session secret when AUTH_SECRET is unset', () => {
    const a = parseConfig({ IDP_BASE_URL: 'https://id.example', IDP_CLIENT_SECRET: 's1' });
    const b = parseConfig({ IDP_BASE_URL: 'https://id.example', IDP_CLIENT_SECRET: 's1' });
    const c = parseConfig({ IDP_BASE_URL: 'https://id.example', IDP_CLIENT_SECRET: 's2' });
    expect(a.authSecret).toBe(b.authSecret);
    expect(a.authSecret).not.toBe(c.authSecret);
  });

  it('sweeps abandoned uploads after the request timeout by default, and allows the crash-injection hook only in test runs', () => {
    expect(parseConfig({}).abandonedUploadAgeMs).toBe(30 * 60_000);
    expect(parseConfig({ REQUEST_TIMEOUT_MS: '60000' }).abandonedUploadAgeMs).toBe(60_000);
    expect(parseConfig({ REQUEST_TIMEOUT_MS: '60000', ABANDONED_UPLOAD_AGE_MS: '0' }).abandonedUploadAgeMs).toBe(0);
    expect(parseConfig({}).testPauseAt).toBeUndefined();
    expect(() => parseConfig({ TEST_PAUSE_AT: 'content-row-written' })).toThrowError(/TEST_PAUSE_AT: only for test runs \(set together with E2E_TEST_CODE\)/);
    expect(() => parseConfig({ TEST_PAUSE_AT: 'anywhere', E2E_TEST_CODE: 'x' })).toThrowError(/TEST_PAUSE_AT/);
    expect(parseConfig({ TEST_PAUSE_AT: 'content-row-written', E2E_TEST_CODE: 'x' }).testPauseAt).toBe('content-row-written');
  });
});
