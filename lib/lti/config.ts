import { z } from 'zod';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { visibleWhere, type Caller } from './platforms';

/** The tool's LTI 1.3 addresses; enabled once the caller has a platform registered (their own, or their tenant's for an admin). */
/** The success data of GET /lti/config. */
export const toolConfigSchema = z.object({ enabled: z.boolean(), launchUrl: z.string(), jwksUrl: z.string(), deepLinkUrl: z.string(), loginUrl: z.string() });

export async function ltiToolConfig(caller: Caller): Promise<z.infer<typeof toolConfigSchema>> {
  const base = config().appUrl;
  const platforms = await db().ltiPlatform.count({ where: visibleWhere(caller) });
  return {
    enabled: platforms > 0,
    launchUrl: `${base}/lti/launch`,
    jwksUrl: `${base}/lti/jwks`,
    deepLinkUrl: `${base}/lti/deep-link`,
    loginUrl: `${base}/lti/login`,
  };
}
