// The browser steps after a verified launch (issue 12, items 3 and 5), each carried by the launch token in the URL
// (third-party cookies are blocked in an LMS's iframe): the learner's player page, the instructor's picker with
// its account link, and the deep-linking response back to the platform.
import { playerOrigin } from '@/lib/h5p';
import type { z } from 'zod';
import { issueLtiPlayerToken } from '@/lib/auth/embed-token';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { LtiLaunch, LtiPlatform, User } from '@/lib/generated/prisma/client';
import { AppError } from '@/lib/errors';
import { DEFAULT_BRAND, type BrandConfig } from '@/lib/tenant/brand';
import { assertBound, bindLaunch } from './binding';
import { badUrlClaim, isNavigableUrl } from './claims';
import { chosenItems, linkAccount, linkedUser, ltiPlayableOwner, pickerItems, pickerResponseJwt, type pickerQuery } from './deep-link';
import { learnerKeyOf, launchOfToken } from './launch';
import { autoPostPage, errorPage, htmlResponse, linkPage, pickerPage, playerPage } from './pages';

type Launch = LtiLaunch & { platform: LtiPlatform };

export const NOT_AVAILABLE = 'This activity is not available: ask your teacher to add it again.';
export const LINK_FIRST = 'Link your account first';

/** An error as a page in the LMS's frame (an AppError's status and text; anything else is thrown on). */
export function pageError(brand: BrandConfig | undefined, title: string, err: unknown): Response {
  if (err instanceof AppError && err.status < 500) return htmlResponse(errorPage(brand ?? DEFAULT_BRAND, title, err.message), err.status);
  throw err;
}

/** GET /h5p/play/<id>?lti_launch=…: the learner's (or instructor's) player page for the launched content. */
export async function ltiPlayerPage(token: string | null, contentId: string, brand: BrandConfig = DEFAULT_BRAND, language?: string): Promise<Response> {
  try {
    const launch = await launchOfToken(token);
    if (launch.messageType !== 'LtiResourceLinkRequest' || launch.contentId !== contentId) throw new AppError(403, 'This launch is for another activity');
    const owner = await ltiPlayableOwner(launch.platform, contentId);
    if (!owner) throw new AppError(404, NOT_AVAILABLE);
    const key = learnerKeyOf(launch.platformId, launch.subject);
    const playerToken = await issueLtiPlayerToken(owner, contentId, launch.id, key);
    const app = config().appUrl;
    const q = new URLSearchParams({ token: playerToken, ...(language ? { language } : {}) });
    const title = (await db().h5pContent.findUnique({ where: { id: contentId }, select: { title: true } }))?.title ?? 'Activity';
    return htmlResponse(
      playerPage({
        brand,
        title,
        // the player plays on the content origin (issue 23 item 6), whose resizer sizes frames of that origin
        frameSrc: `${playerOrigin()}/h5p/embed/${encodeURIComponent(contentId)}?${q.toString()}`,
        resizerSrc: `${playerOrigin()}/h5p-resizer.js`,
        instructor: launch.instructor
          ? {
              courseUrl: launch.contextId ? `${app}/settings/lti/courses/${launch.platformId}/${encodeURIComponent(launch.contextId)}` : null,
              resultsUrl: `${app}/results/content/${encodeURIComponent(contentId)}`,
            }
          : null,
      }),
    );
  } catch (err) {
    return pageError(brand, 'Activity unavailable', err);
  }
}

async function deepLinkLaunch(token: string | null): Promise<Launch> {
  const launch = await launchOfToken(token);
  if (launch.messageType !== 'LtiDeepLinkingRequest' || !launch.deepLinkReturnUrl) throw new AppError(403, 'This launch does not add content');
  if (!launch.instructor) throw new AppError(403, 'Only instructors can add content to a course');
  return launch;
}

/**
 * GET /lti/picker?lti_launch=…: the picker, or the account link it needs first. The browser that first opens it
 * is given the launch's binding cookie (lib/lti/binding.ts); another browser is refused.
 */
export async function pickerPageFor(token: string | null, binding: string | null, brand: BrandConfig = DEFAULT_BRAND): Promise<Response> {
  try {
    const launch = await deepLinkLaunch(token);
    const setCookie = await bindLaunch(launch, binding);
    const user = await linkedUser(launch);
    const page = htmlResponse(
      pickerPage({
        brand,
        platformName: launch.platform.name,
        contextTitle: launch.contextTitle,
        launchToken: token!,
        linked: user ? { name: user.name, email: user.email } : null,
        acceptMultiple: true,
      }),
    );
    page.headers.append('Set-Cookie', setCookie);
    return page;
  } catch (err) {
    return pageError(brand, 'Add content', err);
  }
}

/** GET /lti/picker/items: the picker's list, for the browser the launch is bound to (409 until the account is linked). */
export async function pickerItemsFor(token: string | null, binding: string | null, q: z.infer<typeof pickerQuery>) {
  const launch = await deepLinkLaunch(token);
  assertBound(launch, binding);
  const user = await linkedUser(launch);
  if (!user) throw new AppError(409, LINK_FIRST);
  return pickerItems(user, q);
}

/**
 * POST /lti/picker/submit: the chosen items go back to the platform in an auto-submitted form — only from the
 * browser the launch is bound to (a cross-site post of someone else's launch token is refused), and only to a
 * return URL that is one (checked at launch; again here for launches recorded before that check).
 */
export async function pickerSubmit(token: string | null, binding: string | null, ids: string[], brand: BrandConfig = DEFAULT_BRAND): Promise<Response> {
  try {
    const launch = await deepLinkLaunch(token);
    assertBound(launch, binding);
    const returnUrl = launch.deepLinkReturnUrl!;
    if (!isNavigableUrl(returnUrl, launch.platform.issuer)) throw badUrlClaim('deep_link_return_url', launch.platform.issuer);
    const user = await linkedUser(launch);
    if (!user) throw new AppError(409, LINK_FIRST);
    const items = await chosenItems(user, [...new Set(ids)]);
    const jwt = await pickerResponseJwt(launch, items);
    return htmlResponse(autoPostPage(brand, returnUrl, { JWT: jwt }));
  } catch (err) {
    return pageError(brand, 'Add content', err);
  }
}

/** GET and POST /lti/link (the pop-up, first-party, signed in): link the launch's LMS user to the account. */
export async function linkFlow(token: string | null, user: User | null, confirm: boolean, brand: BrandConfig = DEFAULT_BRAND): Promise<Response> {
  try {
    const launch = await deepLinkLaunch(token);
    if (!user) {
      const next = `/lti/link?${new URLSearchParams({ lti_launch: token! }).toString()}`;
      return new Response(null, { status: 302, headers: { Location: `/login?${new URLSearchParams({ next }).toString()}`, 'Cache-Control': 'no-store' } });
    }
    if (confirm) await linkAccount(launch, user.id);
    return htmlResponse(
      linkPage({ brand, platformName: launch.platform.name, lmsName: launch.name, lmsEmail: launch.email, userEmail: user.email, launchToken: token!, done: confirm }),
    );
  } catch (err) {
    return pageError(brand, 'Link your account', err);
  }
}
