import { config } from '@/lib/config';
import { db } from '@/lib/db/client';

/** The tool's LTI 1.3 addresses; enabled once at least one platform is registered. */
export async function ltiToolConfig() {
  const base = config().appUrl;
  const platforms = await db().ltiPlatform.count();
  return {
    enabled: platforms > 0,
    launchUrl: `${base}/lti/launch`,
    jwksUrl: `${base}/lti/jwks`,
    deepLinkUrl: `${base}/lti/deep-link`,
    loginUrl: `${base}/lti/login`,
  };
}
