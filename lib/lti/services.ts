// LTI Advantage services on a platform: Assignment and Grade Services 2.0 (line items, scores) and Names and Role
// Provisioning Services 2.0 (the roster, following rel="next" up to 50 pages), with the spec's failure texts.
import { z } from 'zod';
import { db } from '@/lib/db/client';
import type { LtiPlatform } from '@/lib/generated/prisma/client';
import { AppError, errorOf } from '@/lib/errors';
import { mapRoles, SCOPE } from './claims';
import { serviceCall } from './platform-http';

export const NRPS_MAX_PAGES = 50;

export const AGS_NOT_CONFIGURED = 'AGS endpoint not configured for platform';
export const NRPS_NOT_CONFIGURED = 'NRPS endpoint not configured for platform';
/** The AGS and NRPS routes' errors of the platform's services (each text followed by `: <detail>`). */
export const SERVICE_ERR = {
  agsMissing: errorOf(500, AGS_NOT_CONFIGURED, '<id>'),
  nrpsMissing: errorOf(500, NRPS_NOT_CONFIGURED, '<id>'),
  listLineItems: errorOf(500, 'Failed to list line items', '<status>'),
  createLineItem: errorOf(500, 'Failed to create line item', '<status>'),
  publishScore: errorOf(500, 'Failed to publish score', '<status>'),
  fetchMembers: errorOf(500, 'Failed to fetch members', '<status>'),
} as const;
const LINEITEM_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';
const LINEITEMS_TYPE = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
const SCORE_TYPE = 'application/vnd.ims.lis.v1.score+json';
const MEMBERS_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const AGS_SCOPES = [SCOPE.lineItem, SCOPE.lineItemReadonly, SCOPE.score, SCOPE.resultReadonly];

const uuid = z.uuid({ message: 'must be a UUID' });
const contextId = z.string().min(1).max(500);
const httpUrl = (max: number) => z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(max);

export const serviceQuery = z.object({ platformId: uuid, contextId });
export const lineItemBody = z.object({
  platformId: uuid,
  contextId,
  label: z.string().min(1).max(500),
  scoreMaximum: z.number().positive(),
  resourceId: z.string().max(500).optional(),
  tag: z.string().max(255).optional(),
});
export const scoreBody = z.object({
  platformId: uuid,
  lineItemUrl: httpUrl(1000),
  userId: z.string().min(1).max(500),
  scoreGiven: z.number().min(0),
  scoreMaximum: z.number().positive(),
  comment: z.string().max(1000).optional(),
});

/** `{contextId}` in a configured endpoint is the context; else the context's URL follows the endpoint. */
function contextUrl(endpoint: string, ctx: string, tail: string): string {
  if (endpoint.includes('{contextId}')) return endpoint.replaceAll('{contextId}', encodeURIComponent(ctx));
  return `${endpoint.replace(/\/+$/, '')}/${encodeURIComponent(ctx)}/${tail}`;
}

/** The context's line item container: the one its launches named, else derived from the platform's AGS endpoint. */
async function lineItemsUrl(p: LtiPlatform, ctx: string): Promise<string> {
  if (!p.agsEndpoint) throw AppError.of(SERVICE_ERR.agsMissing, p.id);
  const seen = await db().ltiContext.findUnique({ where: { platformId_contextId: { platformId: p.id, contextId: ctx } }, select: { lineitemsUrl: true } });
  return seen?.lineitemsUrl ?? contextUrl(p.agsEndpoint, ctx, 'lineitems');
}

async function rosterUrl(p: LtiPlatform, ctx: string): Promise<string> {
  if (!p.nrpsEndpoint) throw AppError.of(SERVICE_ERR.nrpsMissing, p.id);
  const seen = await db().ltiContext.findUnique({ where: { platformId_contextId: { platformId: p.id, contextId: ctx } }, select: { nrpsUrl: true } });
  return seen?.nrpsUrl ?? contextUrl(p.nrpsEndpoint, ctx, 'members');
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const ok = (status: number) => status >= 200 && status < 300;

/** A line item as the AGS routes answer it. */
export const lineItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  scoreMaximum: z.number(),
  resourceId: z.string().nullable(),
  tag: z.string().nullable(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
});
export type LineItem = z.infer<typeof lineItemSchema>;
/** POST /lti/ags/lineitems: the created line item. */
export const createdLineItemSchema = lineItemSchema.pick({ id: true, label: true, scoreMaximum: true, resourceId: true, tag: true });

function lineItemOf(raw: unknown): LineItem | null {
  const r = raw as Record<string, unknown> | null;
  if (!r || typeof r.id !== 'string') return null;
  const s = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: r.id,
    label: s(r.label) ?? '',
    scoreMaximum: typeof r.scoreMaximum === 'number' ? r.scoreMaximum : 0,
    resourceId: s(r.resourceId),
    tag: s(r.tag),
    startDateTime: s(r.startDateTime),
    endDateTime: s(r.endDateTime),
  };
}

/** A URL with a path segment appended before its query (…/lineitems/7?x=1 → …/lineitems/7/scores?x=1). */
function withPath(url: string, segment: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/${segment}`;
  return u.toString();
}

export async function listLineItems(p: LtiPlatform, ctx: string, filter: { resourceLinkId?: string } = {}): Promise<LineItem[]> {
  return listLineItemsAt(p, await lineItemsUrl(p, ctx), filter);
}

/** The line items of a container URL (a launch's, or one derived from the platform's AGS endpoint). */
export async function listLineItemsAt(p: LtiPlatform, container: string, filter: { resourceLinkId?: string } = {}): Promise<LineItem[]> {
  const base = new URL(container);
  if (filter.resourceLinkId) base.searchParams.set('resource_link_id', filter.resourceLinkId);
  const res = await serviceCall(p, AGS_SCOPES, base.toString(), { headers: { Accept: LINEITEMS_TYPE } });
  if (!ok(res.status)) throw AppError.of(SERVICE_ERR.listLineItems, String(res.status));
  const body = parse(res.text);
  return (Array.isArray(body) ? body : []).map(lineItemOf).filter((l): l is LineItem => !!l);
}

export async function createLineItem(
  p: LtiPlatform,
  ctx: string,
  item: { label: string; scoreMaximum: number; resourceId?: string; resourceLinkId?: string; tag?: string },
): Promise<Pick<LineItem, 'id' | 'label' | 'scoreMaximum' | 'resourceId' | 'tag'>> {
  return createLineItemAt(p, await lineItemsUrl(p, ctx), item);
}

export async function createLineItemAt(
  p: LtiPlatform,
  url: string,
  item: { label: string; scoreMaximum: number; resourceId?: string; resourceLinkId?: string; tag?: string },
): Promise<Pick<LineItem, 'id' | 'label' | 'scoreMaximum' | 'resourceId' | 'tag'>> {
  const res = await serviceCall(p, AGS_SCOPES, url, {
    method: 'POST',
    headers: { 'Content-Type': LINEITEM_TYPE, Accept: LINEITEM_TYPE },
    body: JSON.stringify(item),
  });
  if (!ok(res.status)) throw AppError.of(SERVICE_ERR.createLineItem, String(res.status));
  const created = lineItemOf(parse(res.text));
  if (!created) throw AppError.of(SERVICE_ERR.createLineItem, String(res.status));
  return { id: created.id, label: created.label, scoreMaximum: created.scoreMaximum, resourceId: created.resourceId, tag: created.tag };
}

/** A line item URL must be on a host this platform's services live on: the token is never sent elsewhere. */
async function assertPlatformUrl(p: LtiPlatform, url: string): Promise<void> {
  const origin = new URL(url).origin;
  const known = [p.agsEndpoint, p.issuer, p.authTokenUrl].filter((u): u is string => !!u).map((u) => new URL(u).origin);
  if (known.includes(origin)) return;
  const seen = await db().ltiLaunch.findFirst({ where: { platformId: p.id, OR: [{ lineitemsUrl: { startsWith: origin + '/' } }, { lineitemUrl: { startsWith: origin + '/' } }] }, select: { id: true } });
  if (!seen) throw new AppError(400, 'Validation error: lineItemUrl: must be a line item of this platform');
}

export interface Score {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  comment?: string;
}

/**
 * Publishes a score (Completed, FullyGraded); returns the platform's status, throws 500 `Failed to publish score:
 * <status>`. `fromLaunch`: the line item came from a verified launch (the grade passback), not from an API caller,
 * whose URL must be on the platform's AGS host.
 */
export async function publishScore(p: LtiPlatform, lineItemUrl: string, score: Score, opts: { fromLaunch?: boolean; timestamp?: Date } = {}): Promise<number> {
  const timestamp = opts.timestamp ?? new Date();
  if (!opts.fromLaunch) {
    if (!p.agsEndpoint) throw AppError.of(SERVICE_ERR.agsMissing, p.id);
    await assertPlatformUrl(p, lineItemUrl);
  }
  const body = {
    userId: score.userId,
    scoreGiven: score.scoreGiven,
    scoreMaximum: score.scoreMaximum,
    ...(score.comment ? { comment: score.comment } : {}),
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
    timestamp: timestamp.toISOString(),
  };
  const res = await serviceCall(p, AGS_SCOPES, withPath(lineItemUrl, 'scores'), {
    method: 'POST',
    headers: { 'Content-Type': SCORE_TYPE },
    body: JSON.stringify(body),
  });
  if (!ok(res.status)) throw AppError.of(SERVICE_ERR.publishScore, String(res.status));
  return res.status;
}

/** A course member (NRPS, or a learner seen in launches). */
export const memberSchema = z.object({ userId: z.string(), roles: z.array(z.string()), name: z.string().nullable(), email: z.string().nullable(), status: z.string() });
export type Member = z.infer<typeof memberSchema>;
/** GET /lti/nrps/members */
export const membersSchema = z.object({ id: z.string(), context: z.object({ id: z.string() }), members: z.array(memberSchema) });

/** The next page of an NRPS answer: its Link header's rel="next". */
export function nextLink(link: string | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]+)>\s*;(.*)$/.exec(part);
    if (m && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

/** The context's roster, every page (at most 50). */
export async function listMembers(p: LtiPlatform, ctx: string): Promise<z.infer<typeof membersSchema>> {
  let url: string | null = await rosterUrl(p, ctx);
  const first = url;
  const members: Member[] = [];
  let containerId = url;
  for (let page = 0; url && page < NRPS_MAX_PAGES; page++) {
    const res = await serviceCall(p, [SCOPE.nrps], url, { headers: { Accept: MEMBERS_TYPE } });
    if (!ok(res.status)) throw AppError.of(SERVICE_ERR.fetchMembers, String(res.status));
    const body = parse(res.text) as { id?: unknown; members?: unknown } | null;
    if (page === 0 && typeof body?.id === 'string') containerId = body.id;
    for (const m of Array.isArray(body?.members) ? body.members : []) {
      const r = m as Record<string, unknown>;
      if (typeof r.user_id !== 'string') continue;
      members.push({
        userId: r.user_id,
        roles: mapRoles(Array.isArray(r.roles) ? r.roles.filter((x): x is string => typeof x === 'string') : []),
        name: typeof r.name === 'string' ? r.name : [r.given_name, r.family_name].filter((x) => typeof x === 'string').join(' ') || null,
        email: typeof r.email === 'string' ? r.email : null,
        status: typeof r.status === 'string' ? r.status : 'Active',
      });
    }
    const next = nextLink(res.headers.link);
    // a next link must stay on the roster's host (the bearer token goes with it)
    url = next && new URL(next, url).origin === new URL(first).origin ? new URL(next, url).toString() : null;
  }
  return { id: containerId, context: { id: ctx }, members };
}
