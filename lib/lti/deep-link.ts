// Deep linking 2.0 (issue 12, item 5; spec "Deep link body"): the response JWT (RS256 with the tool's key, 5
// minutes) with one ltiResourceLink per chosen content item pointing at {app_url}/h5p/play/<contentId>; the
// instructor's picker (their own content and public marketplace content) and the account link it needs; and
// which LTI launches may play which content.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/lib/config';
import { db, Prisma } from '@/lib/db/client';
import type { LtiLaunch, LtiPlatform, User } from '@/lib/generated/prisma/client';
import { contentAccessFacts } from '@/lib/h5p/access';
import { AppError } from '@/lib/http/errors';
import { CLAIM } from './claims';
import { signWithToolKey } from './keys';
import { platformFor, type Caller } from './platforms';

/** spec "Sizes and time": deep-link JWT lifetime */
export const DEEP_LINK_SECONDS = 300;

export const deepLinkBody = z.object({
  platformId: z.uuid({ message: 'must be a UUID' }),
  contents: z
    .array(
      z.object({
        type: z.string().min(1),
        title: z.string().min(1).max(500),
        url: z.url(),
        contentId: z.string().min(1),
      }),
    )
    .min(1)
    .max(50),
});

export const playUrl = (contentId: string) => `${config().appUrl}/h5p/play/${encodeURIComponent(contentId)}`;

interface Item {
  contentId: string;
  title: string;
  /** a line item the platform makes with the link (its launches then name it: grades go there) */
  gradable?: boolean;
}

function contentItems(items: Item[]) {
  return items.map((i) => ({
    type: 'ltiResourceLink',
    title: i.title,
    url: playUrl(i.contentId),
    custom: { content_id: i.contentId },
    ...(i.gradable ? { lineItem: { scoreMaximum: 100, label: i.title, resourceId: i.contentId } } : {}),
    iframe: { width: 1000, height: 700 },
  }));
}

const msgOf = (n: number) => `${n} item${n === 1 ? '' : 's'} added from Lumen`;

/** POST /lti/deep-link: the response JWT for a platform the caller registered (spec claims: iss is the tool's address). */
export async function deepLinkJwt(c: Caller, body: z.infer<typeof deepLinkBody>): Promise<string> {
  const p = await platformFor(c, body.platformId);
  return signWithToolKey(
    {
      iss: config().appUrl,
      aud: p.issuer,
      nonce: randomUUID(),
      [CLAIM.messageType]: 'LtiDeepLinkingResponse',
      [CLAIM.version]: '1.3.0',
      ...(p.deploymentId ? { [CLAIM.deploymentId]: p.deploymentId } : {}),
      [CLAIM.deepLinkContentItems]: contentItems(body.contents.map((c) => ({ contentId: c.contentId, title: c.title }))),
      [CLAIM.deepLinkMsg]: msgOf(body.contents.length),
    },
    DEEP_LINK_SECONDS,
  );
}

/** The response to a deep-linking launch (IMS Deep Linking 2.0 §4.2: iss is the client id, the request's data back). */
export async function pickerResponseJwt(launch: LtiLaunch & { platform: LtiPlatform }, items: Item[]): Promise<string> {
  return signWithToolKey(
    {
      iss: launch.platform.clientId,
      aud: launch.platform.issuer,
      azp: launch.platform.clientId,
      nonce: randomUUID(),
      [CLAIM.messageType]: 'LtiDeepLinkingResponse',
      [CLAIM.version]: '1.3.0',
      [CLAIM.deploymentId]: launch.deploymentId,
      ...(launch.deepLinkData ? { [CLAIM.deepLinkData]: launch.deepLinkData } : {}),
      [CLAIM.deepLinkContentItems]: contentItems(items),
      [CLAIM.deepLinkMsg]: msgOf(items.length),
    },
    DEEP_LINK_SECONDS,
  );
}

// ---------------------------------------------------------------- the instructor's local account

/**
 * The local account of a launch's user: linked before, else linked now when the platform shares an e-mail that
 * belongs to an account of the platform's tenant (the default tenant: the platform's registrant only).
 */
export async function linkedUser(launch: LtiLaunch & { platform: LtiPlatform }): Promise<User | null> {
  const link = await db().ltiUserLink.findUnique({ where: { platformId_subject: { platformId: launch.platformId, subject: launch.subject } }, include: { user: true } });
  if (link) return link.user;
  if (!launch.email) return null;
  const user = await db().user.findUnique({ where: { email: launch.email } });
  if (!user) return null;
  const sameTenant = launch.platform.tenantId ? user.tenantId === launch.platform.tenantId : user.id === launch.platform.ownerId;
  if (!sameTenant) return null;
  await linkAccount(launch, user.id);
  return user;
}

export async function linkAccount(launch: Pick<LtiLaunch, 'platformId' | 'subject'>, userId: string): Promise<void> {
  await db().ltiUserLink.upsert({
    where: { platformId_subject: { platformId: launch.platformId, subject: launch.subject } },
    create: { platformId: launch.platformId, subject: launch.subject, userId },
    update: { userId },
  });
}

// ---------------------------------------------------------------- the picker's content

export const pickerQuery = z.object({
  q: z.string().max(200).optional(),
  type: z.string().max(255).regex(/^[A-Za-z0-9._-]*$/).optional(),
  scope: z.enum(['all', 'mine', 'public']).optional(),
});

export interface PickerItem {
  id: string;
  title: string;
  type: string;
  mine: boolean;
  updatedAt: string;
}

/** The instructor's own content and public content, newest first, filtered by a title search and a content type. */
export async function pickerItems(user: User, q: z.infer<typeof pickerQuery>): Promise<{ items: PickerItem[]; types: string[] }> {
  const scope = q.scope ?? 'all';
  const who =
    scope === 'mine'
      ? Prisma.sql`o.user_id = ${user.id}::uuid`
      : scope === 'public'
        ? Prisma.sql`o.visibility = 'public'`
        : Prisma.sql`(o.user_id = ${user.id}::uuid OR o.visibility = 'public')`;
  const search = q.q?.trim() ? Prisma.sql`AND c.title ILIKE ${'%' + q.q.trim().replace(/[\\%_]/g, (m) => '\\' + m) + '%'}` : Prisma.empty;
  const type = q.type ? Prisma.sql`AND c.main_library = ${q.type}` : Prisma.empty;
  const rows = await db().$queryRaw<{ id: string; title: string; main_library: string; owner: string; updated_at: Date }[]>`
    SELECT c.id, c.title, c.main_library, o.user_id::text AS owner, c.updated_at
    FROM h5p_contents c JOIN content_ownership o ON o.content_id = c.id
    WHERE ${who} ${search} ${type}
    ORDER BY (o.user_id = ${user.id}::uuid) DESC, c.updated_at DESC LIMIT 100`;
  const types = await db().$queryRaw<{ main_library: string }[]>`
    SELECT DISTINCT c.main_library FROM h5p_contents c JOIN content_ownership o ON o.content_id = c.id
    WHERE (o.user_id = ${user.id}::uuid OR o.visibility = 'public') ORDER BY 1 LIMIT 200`;
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, type: r.main_library, mine: r.owner === user.id, updatedAt: r.updated_at.toISOString() })),
    types: types.map((t) => t.main_library),
  };
}

/** The chosen items, each the instructor's own or public (anything else is refused, nothing is sent). */
export async function chosenItems(user: User, ids: string[]): Promise<Item[]> {
  if (!ids.length) throw new AppError(400, 'Validation error: choose at least one content item');
  if (ids.length > 50) throw new AppError(400, 'Validation error: at most 50 content items');
  const rows = await db().h5pContent.findMany({ where: { id: { in: ids } }, select: { id: true, title: true, ownership: { select: { userId: true, visibility: true } } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r?.ownership || (r.ownership.userId !== user.id && r.ownership.visibility !== 'public')) throw new AppError(404, `Content ${id} not found or not accessible`);
    return { contentId: id, title: r.title.slice(0, 500), gradable: true };
  });
}

// ---------------------------------------------------------------- which launches play which content

/**
 * Whether a launch through this platform may play the content: public content, or content of the platform's
 * registrant, of an account linked through the platform, or of the platform's tenant. The content's owner, who
 * the player acts for (its files and state are that item's), is returned.
 */
export async function ltiPlayableOwner(platform: LtiPlatform, contentId: string): Promise<string | null> {
  const facts = await contentAccessFacts(contentId);
  if (!facts?.ownerId) return null;
  if (facts.visibility === 'public' || facts.ownerId === platform.ownerId) return facts.ownerId;
  if (platform.tenantId && facts.ownerTenantId === platform.tenantId) return facts.ownerId;
  const linked = await db().ltiUserLink.findFirst({ where: { platformId: platform.id, userId: facts.ownerId }, select: { subject: true } });
  return linked ? facts.ownerId : null;
}
