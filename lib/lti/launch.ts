// LTI 1.3 launch (issue 12, items 2 and 3; spec "LTI (base /lti)", "LTI nonce"; external-services.md §6):
// - login: the platform's third-party-initiated login is checked against a registered platform, a nonce row is
//   made (600 s) and the browser goes to the platform's authLoginUrl with `state` bound to that nonce;
// - launch: the form-posted id_token must verify against the platform's key set and pass every check of
//   lib/lti/claims.ts before its nonce is consumed (a rejection consumes nothing; a replay is 401);
// - the browser then goes on with a short-lived signed launch token in the URL (never only a cookie: inside an
//   LMS's iframe third-party cookies are blocked), which the player page turns into a content token.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, compactVerify, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { LtiLaunch, LtiPlatform } from '@/lib/generated/prisma/client';
import { apiError, AppError } from '@/lib/errors';
import { launchClaimsOf, type LaunchClaims, invalidToken } from './claims';
import { platformKey } from './platform-http';

/** spec "Sizes and time": LTI nonce lifetime */
export const NONCE_SECONDS = 600;
/** how long the launch token in the redirect URL opens the page (a reload within it works; later, launch again) */
export const LAUNCH_TOKEN_SECONDS = 60 * 60;
const LAUNCH_TOKEN_TYPE = 'lumen-lti-launch+jwt';
const STATE_TYPE = 'lumen-lti-state+jwt';

export const NOT_CONFIGURED = 'LTI integration is not configured';
export const UNREGISTERED = 'Unregistered platform';
export const BAD_NONCE = 'Invalid or expired nonce';
export const BAD_FORMAT = 'Invalid token format';
/** 400 for a missing login or launch parameter; thrown with AppError.filled(…, { name }) */
export const MISSING_PARAMETER = apiError(400, 'missing_parameter', 'Missing <name> parameter');

const secret = (purpose: string) => createHash('sha256').update(`lumen-lti-${purpose}:${config().authSecret}`).digest();

/** 503 when no platform is registered anywhere (nothing could launch). */
export async function assertConfigured(): Promise<void> {
  const any = await db().ltiPlatform.findFirst({ select: { id: true } });
  if (!any) throw new AppError(503, NOT_CONFIGURED);
}

/** The tool's own origins: APP_URL's and the request's host (a tenant's domain). */
function isOurs(target: URL, requestOrigin: string | null): boolean {
  const app = new URL(config().appUrl).origin;
  return target.origin === app || (!!requestOrigin && target.origin === requestOrigin);
}

// ---------------------------------------------------------------- login initiation

export interface LoginParams {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  lti_deployment_id?: string;
  client_id?: string;
}

/** The platform's third-party-initiated login: where to send the browser (the platform's auth URL). */
export async function initiateLogin(params: LoginParams): Promise<string> {
  await assertConfigured();
  for (const name of ['iss', 'login_hint', 'target_link_uri'] as const) {
    const v = params[name];
    if (!v || !v.trim()) throw AppError.filled(MISSING_PARAMETER, { name });
    if (v.length > 2000) throw new AppError(400, `Validation error: ${name}: too long`);
  }
  let target: URL;
  try {
    target = new URL(params.target_link_uri!);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('scheme');
  } catch {
    throw new AppError(400, 'Validation error: target_link_uri: must be an http or https URL');
  }
  const candidates = await db().ltiPlatform.findMany({
    where: { issuer: params.iss!, ...(params.client_id ? { clientId: params.client_id } : {}) },
    take: 2,
  });
  if (!candidates.length) throw new AppError(401, UNREGISTERED);
  if (candidates.length > 1) throw AppError.filled(MISSING_PARAMETER, { name: 'client_id' });
  const p = candidates[0]!;
  if (params.lti_deployment_id && p.deploymentId && params.lti_deployment_id !== p.deploymentId) throw new AppError(401, UNREGISTERED);

  const nonce = randomBytes(24).toString('base64url');
  await db().ltiNonce.create({ data: { value: nonce, platformId: p.id, expiresAt: new Date(Date.now() + NONCE_SECONDS * 1000) } });
  const now = Math.floor(Date.now() / 1000);
  const state = await new SignJWT({ n: nonce, p: p.id })
    .setProtectedHeader({ alg: 'HS256', typ: STATE_TYPE })
    .setIssuedAt(now)
    .setExpirationTime(now + NONCE_SECONDS)
    .sign(secret('state'));
  const auth = new URL(p.authLoginUrl);
  const q = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: p.clientId,
    redirect_uri: `${config().appUrl}/lti/launch`,
    login_hint: params.login_hint!,
    ...(params.lti_message_hint ? { lti_message_hint: params.lti_message_hint } : {}),
    state,
    nonce,
  };
  for (const [k, v] of Object.entries(q)) auth.searchParams.set(k, v);
  return auth.toString();
}

// ---------------------------------------------------------------- launch

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Verifies an id_token: format, platform, signature, claims. Consumes nothing. */
export async function verifyIdToken(idToken: string): Promise<{ platform: LtiPlatform; claims: LaunchClaims }> {
  const parts = idToken.split('.');
  if (parts.length !== 3 || parts.some((p) => !p || !/^[A-Za-z0-9_-]+$/.test(p))) throw new AppError(401, BAD_FORMAT);
  const payload = decodePart(parts[1]!);
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(idToken);
  } catch {
    throw new AppError(401, BAD_FORMAT);
  }
  if (!payload) throw new AppError(401, BAD_FORMAT);
  // the LTI security framework requires a kid: the platform's key is chosen by it
  if (typeof header.kid !== 'string' || !header.kid) throw new AppError(401, BAD_FORMAT);
  if (header.alg !== 'RS256') throw invalidToken('alg must be RS256');
  if (typeof payload.iss !== 'string') throw new AppError(401, UNREGISTERED);
  const aud = (Array.isArray(payload.aud) ? payload.aud : [payload.aud]).filter((a): a is string => typeof a === 'string');
  const platform = aud.length ? await db().ltiPlatform.findFirst({ where: { issuer: payload.iss, clientId: { in: aud } } }) : null;
  if (!platform) throw new AppError(401, UNREGISTERED);
  const jwk = await platformKey(platform, header.kid);
  try {
    await compactVerify(idToken, await importJWK({ ...jwk, alg: 'RS256' }, 'RS256'), { algorithms: ['RS256'] });
  } catch {
    throw invalidToken('signature verification failed');
  }
  const claims = launchClaimsOf(payload, { clientId: platform.clientId, deploymentId: platform.deploymentId, now: Math.floor(Date.now() / 1000) });
  return { platform, claims };
}

async function checkState(state: string, platformId: string, nonce: string): Promise<void> {
  try {
    const { payload } = await jwtVerify(state, secret('state'), { algorithms: ['HS256'], typ: STATE_TYPE });
    if (payload.n === nonce && payload.p === platformId) return;
  } catch {
    // below
  }
  throw new AppError(401, 'Invalid state: it does not match this launch');
}

/** The content a target_link_uri plays: `<our origin>/h5p/play/<contentId>`. */
export function contentOfTarget(target: string | null, requestOrigin: string | null): string | null {
  if (!target) return null;
  try {
    const u = new URL(target);
    if (!isOurs(u, requestOrigin)) return null;
    const m = /^\/h5p\/play\/([A-Za-z0-9_-]{1,100})\/?$/.exec(u.pathname);
    return m ? m[1]! : null;
  } catch {
    return null;
  }
}

/** The learner key of a launch's user: results are kept under it. */
export const learnerKeyOf = (platformId: string, subject: string) => `lti:${platformId}:${subject}`;

export interface LaunchResult {
  launch: LtiLaunch;
  /** where the browser goes next (302) */
  location: string;
}

/**
 * A launch: the id_token verified, then its nonce consumed and the launch recorded in one transaction; the
 * redirect follows the spec's launch rules, with the launch token added to addresses of this tool.
 */
export async function launch(idToken: string | undefined, state: string | undefined, requestOrigin: string | null): Promise<LaunchResult> {
  await assertConfigured();
  if (!idToken) throw AppError.filled(MISSING_PARAMETER, { name: 'id_token' });
  const { platform, claims } = await verifyIdToken(idToken);
  const contentId = claims.messageType === 'LtiResourceLinkRequest' ? contentOfTarget(claims.targetLinkUri, requestOrigin) : null;
  const id = randomUUID();
  const launchRow = await db().$transaction(async (tx) => {
    const consumed = await tx.$executeRaw`UPDATE lti_nonces SET consumed_at = now()
      WHERE value = ${claims.nonce} AND platform_id = ${platform.id}::uuid AND consumed_at IS NULL AND expires_at > now()`;
    if (consumed !== 1) throw new AppError(401, BAD_NONCE);
    // the state of our login redirect, when the platform sends it back, must be that nonce's (a refusal rolls the consumption back)
    if (state) await checkState(state, platform.id, claims.nonce);
    const row = await tx.ltiLaunch.create({
      data: {
        id,
        platformId: platform.id,
        messageType: claims.messageType,
        deploymentId: claims.deploymentId,
        subject: claims.subject,
        name: claims.name,
        email: claims.email,
        roles: claims.roles,
        instructor: claims.instructor,
        contextId: claims.context?.id ?? null,
        contextTitle: claims.context?.title ?? null,
        resourceLinkId: claims.resourceLink?.id ?? null,
        resourceTitle: claims.resourceLink?.title ?? null,
        contentId,
        targetLinkUri: claims.targetLinkUri,
        lineitemsUrl: claims.ags?.lineitems ?? null,
        lineitemUrl: claims.ags?.lineitem ?? null,
        agsScopes: claims.ags?.scopes ?? [],
        nrpsUrl: claims.nrpsUrl,
        deepLinkReturnUrl: claims.deepLinking?.returnUrl ?? null,
        deepLinkData: claims.deepLinking?.data ?? null,
      },
    });
    if (claims.context) {
      const seen = {
        title: claims.context.title,
        label: claims.context.label,
        lastLaunchAt: new Date(),
        ...(claims.ags?.lineitems ? { lineitemsUrl: claims.ags.lineitems } : {}),
        ...(claims.nrpsUrl ? { nrpsUrl: claims.nrpsUrl } : {}),
      };
      await tx.ltiContext.upsert({
        where: { platformId_contextId: { platformId: platform.id, contextId: claims.context.id } },
        create: { platformId: platform.id, contextId: claims.context.id, ...seen },
        update: seen,
      });
    }
    return row;
  });
  const token = await issueLaunchToken(id);
  const withToken = `lti_launch=${encodeURIComponent(token)}`;
  // spec "Launch rules": the target, else the workspace for the resource link, else the workspace; a deep-linking
  // request goes to the instructor's picker. The launch token goes only to this tool's own addresses.
  if (claims.messageType === 'LtiDeepLinkingRequest') return { launch: launchRow, location: `${config().appUrl}/lti/picker?${withToken}` };
  if (claims.targetLinkUri) {
    const target = new URL(claims.targetLinkUri);
    if (isOurs(target, requestOrigin)) target.searchParams.set('lti_launch', token);
    return { launch: launchRow, location: target.toString() };
  }
  const resource = claims.resourceLink ? `&resource=${encodeURIComponent(claims.resourceLink.id)}` : '';
  return { launch: launchRow, location: `/workspace?lti=true${resource}&${withToken}` };
}

// ---------------------------------------------------------------- launch token

export async function issueLaunchToken(launchId: string, seconds = LAUNCH_TOKEN_SECONDS): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ lid: launchId })
    .setProtectedHeader({ alg: 'HS256', typ: LAUNCH_TOKEN_TYPE })
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(secret('launch'));
}

export const LAUNCH_EXPIRED = 'This launch has expired: open the activity again from your course';

/** The launch a launch token names (with its platform); 401 when the token is not valid any more. */
export async function launchOfToken(token: string | null | undefined) {
  let lid: unknown;
  try {
    ({ payload: { lid } } = await jwtVerify(token ?? '', secret('launch'), { algorithms: ['HS256'], typ: LAUNCH_TOKEN_TYPE }));
  } catch {
    throw new AppError(401, LAUNCH_EXPIRED);
  }
  const row = typeof lid === 'string' ? await db().ltiLaunch.findUnique({ where: { id: lid }, include: { platform: true } }) : null;
  if (!row) throw new AppError(401, LAUNCH_EXPIRED);
  return row;
}

/** Deletes nonces that expired more than a day ago (called now and then by the login route). */
export async function pruneNonces(): Promise<void> {
  await db().ltiNonce.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - 24 * 3600 * 1000) } } });
}
