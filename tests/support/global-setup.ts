// Integration tier: real PostgreSQL and Redis, the built app over real HTTP, a Keycloak-shaped stand-in IdP.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { resetDatabase, resetRedis } from '../../scripts/stores.mjs';
import type { TestProject } from 'vitest/node';
import { ROOT, startApp, type AppProcess } from './app-process';
import { CLIENT_ID, CLIENT_SECRET, EXTERNAL_BASE, REALM, startIdpStandin, type IdpStandin } from './idp-standin';
import { startCurriculumStandin, type CurriculumStandin } from './curriculum-standin';
import { TEST_AUTH_SECRET, TEST_JWT_SECRET, TEST_INTERNAL_KEY, testDatabaseUrl, testRedisUrl } from './env';
import { startHubStandin, type HubStandin } from './hub-standin';

let app: AppProcess | undefined;
let idp: IdpStandin | undefined;
let curriculum: CurriculumStandin | undefined;
let hub: HubStandin | undefined;

export { resetDatabase, resetRedis };

export function appEnv(idpUrl: string, curriculumUrl?: string): Record<string, string> {
  return {
    ...(curriculumUrl ? { CURRICULUM_SERVICE_URL: curriculumUrl, CURRICULUM_SERVICE_TIMEOUT_MS: '1500' } : {}),
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: testRedisUrl(),
    TRUST_PROXY: 'true',
    IDP_BASE_URL: idpUrl,
    IDP_EXTERNAL_URL: EXTERNAL_BASE,
    IDP_REALM: REALM,
    IDP_CLIENT_ID: CLIENT_ID,
    IDP_CLIENT_SECRET: CLIENT_SECRET,
    JWT_SECRET: TEST_JWT_SECRET,
    INTERNAL_API_KEY: TEST_INTERNAL_KEY,
    AUTH_SECRET: TEST_AUTH_SECRET,
    BASE_DOMAIN: 'lumen.test',
    APP_URL: 'http://app.lumen.test',
    // content plays on its own host (issue 23 item 6); the tests reach it on the app's content port (contentUrl)
    CONTENT_URL: 'http://content.lumen-content.test',
    ALLOWED_PRIVATE_HOSTS: '127.0.0.1,localhost',
    // every route's success data is checked against the response schema its options declare
    CHECK_RESPONSES: '1',
  };
}

export default async function setup(project: TestProject) {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-build.mjs')], { stdio: 'inherit' });
  await resetDatabase(testDatabaseUrl());
  await resetRedis(testRedisUrl());
  idp = await startIdpStandin();
  curriculum = await startCurriculumStandin();
  hub = await startHubStandin();
  app = await startApp({ ...appEnv(idp.url, curriculum.url), H5P_HUB_URL: hub.url }, { waitForHealthy: true });
  project.provide('appUrl', app.url);
  project.provide('contentUrl', app.contentUrl);
  project.provide('idpUrl', idp.url);
  project.provide('curriculumUrl', curriculum.url);
  project.provide('hubUrl', hub.url);
  project.provide('appDataDir', app.dataDir);
  return async () => {
    await app?.stop();
    await idp?.close();
    await curriculum?.close();
    await hub?.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    /** the app's content host (its content port: every request there is the content host's) */
    contentUrl: string;
    idpUrl: string;
    curriculumUrl: string;
    /** the stand-in H5P Hub the app is started with (H5P_HUB_URL) */
    hubUrl: string;
    /** DATA_DIR of the app under test */
    appDataDir: string;
  }
}
