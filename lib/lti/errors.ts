// The LTI routes' own errors as one catalogue: the texts stay with the modules that throw them (launch, binding,
// flows, courses, deep linking, the platform's services); this gathers their entries for the routes' options.
import { errorOf } from '@/lib/errors';
import { OTHER_BROWSER } from './binding';
import { INVALID_LAUNCH, INVALID_TOKEN } from './claims';
import { COURSE_NOT_FOUND } from './courses';
import { NOT_ACCESSIBLE } from './deep-link';
import { LINK_FIRST } from './flows';
import { BAD_FORMAT, BAD_NONCE, LAUNCH_EXPIRED, MISSING_PARAMETER, NOT_CONFIGURED, UNREGISTERED } from './launch';
import { TOKEN_REQUEST_FAILED } from './platform-http';
import { PLATFORM_ERR } from './platforms';
import { SERVICE_ERR } from './services';

export const LTI_ERR = {
  notConfigured: errorOf(503, NOT_CONFIGURED),
  unregistered: errorOf(401, UNREGISTERED),
  badNonce: errorOf(401, BAD_NONCE),
  badFormat: errorOf(401, BAD_FORMAT),
  /** `Invalid token: <reason>` (the id token's signature, claims, the platform's key set) */
  invalidToken: errorOf(401, INVALID_TOKEN, '<reason>'),
  /** `Invalid launch: <claim> must be an absolute https URL` */
  invalidLaunch: errorOf(400, INVALID_LAUNCH, '<claim> must be an absolute https URL (target_link_uri, deep_link_return_url, launch_presentation.return_url; http too for an http platform)'),
  missingParameter: MISSING_PARAMETER,
  launchExpired: errorOf(401, LAUNCH_EXPIRED),
  otherBrowser: errorOf(403, OTHER_BROWSER),
  linkFirst: errorOf(409, LINK_FIRST),
  courseNotFound: errorOf(404, COURSE_NOT_FOUND),
  notAccessible: NOT_ACCESSIBLE,
  tokenRequest: TOKEN_REQUEST_FAILED,
  platformNotFound: PLATFORM_ERR.notFound,
  platformUnusable: PLATFORM_ERR.unusable,
  ...SERVICE_ERR,
} as const;
