// Deep linking 2.0 (issue 12, item 5; spec "Deep link body"): the response JWT (RS256 with the tool's key, 5
// minutes) with one ltiResourceLink per chosen content item pointing at {app_url}/h5p/play/<contentId>; the
// instructor's picker (their own content and public marketplace content) and the account link it needs; and
// which LTI launches may play which content.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/lib/config';
import { db, Prisma } from '@/lib/db/client';
import type { LtiLaunch, LtiPlatform, User } from '@/lib/generated/prisma/client';
import { ADMIN_REALM_ROLES } from '@/lib/auth/roles';
import { canReadContent, contentAccessFacts, mayRead, readerOf, type ContentAccessFacts, type Reader } from '@/lib/h5p';
import { apiError, AppError } from '@/lib/errors';
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

/** The picker's refusal of content the instructor may not read (also POST /lti/deep-link's). */
export const NOT_ACCESSIBLE = apiError(404, 'content_not_accessible', 'Content <id> not found or not accessible');
export const notAccessible = (id: string) => AppError.filled(NOT_ACCESSIBLE, { id });

/**
 * POST /lti/deep-link: the response JWT for a platform the caller may use (spec claims: iss is the tool's address),
 * for content the caller may read (the read rule of GET /h5p/content/:id); anything else is refused and nothing
 * is signed.
 */
export async function deepLinkJwt(c: Caller, body: z.infer<typeof deepLinkBody>): Promise<string> {
  const p = await platformFor(c, body.platformId);
  const reader = readerOf(c.principal, c.user);
  for (const id of new Set(body.contents.map((x) => x.contentId))) {
    if (!(await canReadContent(reader, id))) throw notAccessible(id);
  }
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

/** Whether the platform was registered by an admin (tenant_admin, school_admin or super_admin). */
export const adminRegistered = (platform: Pick<LtiPlatform, 'registrantRole'>) =>
  !!platform.registrantRole && (ADMIN_REALM_ROLES as readonly string[]).includes(platform.registrantRole);

/**
 * The local account of a launch's user: linked before (the pop-up sign-in), else linked now by the e-mail the
 * platform shares — only when an admin registered the platform (they vouch for its e-mail claims) and only inside
 * the platform's tenant: a real tenant id equal to the account's (issue 22 item 3). A teacher's platform, or one
 * outside any tenant, never links by e-mail: its instructor signs in once.
 */
export async function linkedUser(launch: LtiLaunch & { platform: LtiPlatform }): Promise<User | null> {
  const link = await db().ltiUserLink.findUnique({ where: { platformId_subject: { platformId: launch.platformId, subject: launch.subject } }, include: { user: true } });
  if (link) return link.user;
  const tenantId = launch.platform.tenantId;
  if (!launch.email || !tenantId || !adminRegistered(launch.platform)) return null;
  const user = await db().user.findFirst({ where: { email: launch.email, tenantId } });
  if (!user) return null;
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

/** GET /lti/picker/items: the content the instructor may pick, and the content types among it */
export const pickerItemsSchema = z.object({
  items: z.array(z.object({ id: z.string(), title: z.string(), type: z.string(), mine: z.boolean(), updatedAt: z.string() })),
  types: z.array(z.string()),
});
export type PickerItem = z.infer<typeof pickerItemsSchema>['items'][number];

/** The instructor's own content and public content, newest first, filtered by a title search and a content type. */
export async function pickerItems(user: User, q: z.infer<typeof pickerQuery>): Promise<z.infer<typeof pickerItemsSchema>> {
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

/**
 * The reader an account is in an LMS's frame: no token says which roles it holds there, so it reads as a plain
 * user — its own content and public content.
 */
const accountReader = (user: Pick<User, 'id' | 'tenantId'>): Reader => ({ kind: 'user', userId: user.id, superAdmin: false, tenantAdmin: false, tenantId: user.tenantId });

/**
 * The chosen items, each owned (a link must play: lib/lti/deep-link.ts ltiPlayableOwner) and readable by the
 * linked instructor — their own or public (anything else is refused, nothing is sent).
 */
export async function chosenItems(user: User, ids: string[]): Promise<Item[]> {
  if (!ids.length) throw new AppError(400, 'Validation error: choose at least one content item');
  if (ids.length > 50) throw new AppError(400, 'Validation error: at most 50 content items');
  const rows = await db().h5pContent.findMany({ where: { id: { in: ids } }, select: { id: true, title: true, ownership: { select: { userId: true, visibility: true } } } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const reader = accountReader(user);
  return ids.map((id) => {
    const r = byId.get(id);
    const facts: ContentAccessFacts | null = r?.ownership ? { ownerId: r.ownership.userId, visibility: r.ownership.visibility === 'public' ? 'public' : 'private', ownerTenantId: null } : null;
    if (!r || !facts || !mayRead(reader, id, facts)) throw notAccessible(id);
    return { contentId: id, title: r.title.slice(0, 500), gradable: true };
  });
}

// ---------------------------------------------------------------- which launches play which content

/**
 * The reader the platform's registrant is: the realm role recorded at registration decides (a tenant admin's
 * platform reads what that admin reads in their tenant, a super admin's what a super admin reads), else a plain user.
 */
function registrantReader(platform: LtiPlatform): Reader | null {
  if (!platform.ownerId) return null;
  const superAdmin = platform.registrantRole === 'super_admin';
  return { kind: 'user', userId: platform.ownerId, superAdmin, tenantAdmin: adminRegistered(platform) && !superAdmin, tenantId: platform.tenantId };
}

/**
 * Whether a launch through this platform may play the content (issue 22 item 2): exactly what the platform's
 * registrant may read, plus what an instructor linked through the platform may read — the one read rule of
 * GET /h5p/content/:id (lib/h5p/content/access.ts). The content's owner, who the player acts for (its files and state
 * are that item's), is returned; content without an owner has nobody to play it for.
 */
export async function ltiPlayableOwner(platform: LtiPlatform, contentId: string): Promise<string | null> {
  const facts = await contentAccessFacts(contentId);
  if (!facts?.ownerId) return null;
  const registrant = registrantReader(platform);
  if (registrant && mayRead(registrant, contentId, facts)) return facts.ownerId;
  // a linked instructor reads as a plain user: the content's owner must be one of them (public content passed above)
  const links = await db().ltiUserLink.findMany({ where: { platformId: platform.id, userId: facts.ownerId }, select: { user: { select: { id: true, tenantId: true } } }, take: 1 });
  return links.some((l) => mayRead(accountReader(l.user), contentId, facts)) ? facts.ownerId : null;
}
