// Registered LTI platforms (spec "LTI records", Platform; POST /lti/platforms): upsert on (issuer, client id),
// scoped to who registered them — a platform is its registrant's, an admin's tenant's (a real tenant id: no
// tenant is never "the same tenant", issue 22 item 5), and a super admin's. Another account's platform is never
// updated, shown or used through these functions.
import { z } from 'zod';
import { isSuperAdmin } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/types';
import { db } from '@/lib/db/client';
import type { LtiPlatform, Prisma, User } from '@/lib/generated/prisma/client';
import { apiError } from '@/lib/errors';
import { AppError } from '@/lib/errors';

const httpUrl = (max: number) =>
  z
    .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
    .max(max);

export const platformBody = z.object({
  issuer: httpUrl(500),
  clientId: z.string().trim().min(1).max(255),
  name: z.string().trim().min(1).max(255),
  authLoginUrl: httpUrl(500),
  authTokenUrl: httpUrl(500),
  keysetUrl: httpUrl(500),
  deploymentId: z.string().trim().max(255).optional(),
  agsEndpoint: httpUrl(500).optional(),
  nrpsEndpoint: httpUrl(500).optional(),
});
export type PlatformBody = z.infer<typeof platformBody>;

/** An edit from the settings page: any field; an empty optional one clears it. */
export const platformPatch = platformBody
  .extend({
    deploymentId: z.string().trim().max(255).nullable().optional(),
    agsEndpoint: httpUrl(500).nullable().optional(),
    nrpsEndpoint: httpUrl(500).nullable().optional(),
  })
  .partial();

export const PLATFORM_NOT_FOUND = 'Platform not found';
export const PLATFORM_TAKEN = 'This issuer and client id are registered by another account';
/** The platform routes' errors as catalogue entries (text unchanged, plus a machine code for the API document). */
export const PLATFORM_ERR = {
  notFound: apiError(404, 'platform_not_found', PLATFORM_NOT_FOUND),
  taken: apiError(409, 'platform_taken', PLATFORM_TAKEN),
  /** a platform the caller may not use, named in a service call (spec: 500) */
  unusable: apiError(500, 'platform_not_found', PLATFORM_NOT_FOUND),
} as const;

/** The API shape of a platform (no secrets are held: the tool signs with its own key): the routes' response schema. */
export const platformViewSchema = z.object({
  id: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  name: z.string(),
  authLoginUrl: z.string(),
  authTokenUrl: z.string(),
  keysetUrl: z.string(),
  deploymentId: z.string().nullable(),
  agsEndpoint: z.string().nullable(),
  nrpsEndpoint: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlatformView = z.infer<typeof platformViewSchema>;

/** A platform's figures in the list: last launch, launches this month, passback failures and pending. */
export const platformStatsSchema = z.object({
  lastLaunchAt: z.string().nullable(),
  launchesThisMonth: z.number().int(),
  passbackFailures: z.number().int(),
  passbackPending: z.number().int(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

/** One row of GET /lti/platforms (the browser's PlatformRow is inferred from it). */
export const platformRowSchema = platformViewSchema.extend({ stats: platformStatsSchema });
export type PlatformRow = z.infer<typeof platformRowSchema>;

export function platformView(p: LtiPlatform): PlatformView {
  return {
    id: p.id,
    issuer: p.issuer,
    clientId: p.clientId,
    name: p.name,
    authLoginUrl: p.authLoginUrl,
    authTokenUrl: p.authTokenUrl,
    keysetUrl: p.keysetUrl,
    deploymentId: p.deploymentId,
    agsEndpoint: p.agsEndpoint,
    nrpsEndpoint: p.nrpsEndpoint,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export interface Caller {
  user: User;
  principal: Principal | null;
}

/** The platforms a caller may see and use: their own; an admin in a tenant also that tenant's; a super admin all. */
export function visibleWhere(c: Caller): Prisma.LtiPlatformWhereInput {
  if (isSuperAdmin(c.principal)) return {};
  // `tenantId: null` would match every platform outside a tenant: an admin without a tenant sees only their own
  if (c.principal?.role === 'admin' && c.user.tenantId) return { OR: [{ ownerId: c.user.id }, { tenantId: c.user.tenantId }] };
  return { ownerId: c.user.id };
}

const canManage = (c: Caller, p: LtiPlatform) =>
  p.ownerId === c.user.id || isSuperAdmin(c.principal) || (c.principal?.role === 'admin' && !!p.tenantId && p.tenantId === c.user.tenantId);

/** The caller's realm role, recorded with a registration (what the platform may play and link: lib/lti/deep-link.ts). */
const realmRoleOf = (c: Caller): string | null => (c.principal?.kind === 'user' ? (c.principal.payload.role?.name ?? c.principal.role) : null);

/** Registers a platform, or updates the caller's registration of the same issuer and client id (201 either way). */
export async function registerPlatform(c: Caller, body: PlatformBody): Promise<LtiPlatform> {
  const data = {
    name: body.name,
    authLoginUrl: body.authLoginUrl,
    authTokenUrl: body.authTokenUrl,
    keysetUrl: body.keysetUrl,
    deploymentId: body.deploymentId || null,
    agsEndpoint: body.agsEndpoint ?? null,
    nrpsEndpoint: body.nrpsEndpoint ?? null,
  };
  const key = { issuer: body.issuer, clientId: body.clientId };
  const existing = await db().ltiPlatform.findUnique({ where: { issuer_clientId: key } });
  if (existing) {
    if (existing.ownerId && !canManage(c, existing)) throw AppError.of(PLATFORM_ERR.taken);
    if (!existing.ownerId) {
      // an orphaned platform (its registrant was deleted) goes to the caller — inside its tenant only — without the
      // account links the former registrant's platform made: the new holder may swap the key set and sign launches
      if (existing.tenantId && existing.tenantId !== c.user.tenantId && !isSuperAdmin(c.principal)) throw AppError.of(PLATFORM_ERR.taken);
      await db().ltiUserLink.deleteMany({ where: { platformId: existing.id } });
    }
    // the registrant's role stays the registrant's: refreshed only when the registrant (or the new holder) registers
    const registrant = !existing.ownerId || existing.ownerId === c.user.id;
    return db().ltiPlatform.update({
      where: { id: existing.id },
      data: { ...data, ownerId: existing.ownerId ?? c.user.id, tenantId: existing.tenantId ?? c.user.tenantId, ...(registrant ? { registrantRole: realmRoleOf(c) } : {}) },
    });
  }
  try {
    return await db().ltiPlatform.create({ data: { ...key, ...data, ownerId: c.user.id, tenantId: c.user.tenantId, registrantRole: realmRoleOf(c) } });
  } catch (err) {
    // the same registration made at the same moment by another request: that one is the record
    if ((err as { code?: string }).code === 'P2002') return registerPlatform(c, body);
    throw err;
  }
}

/** A platform the caller may use; `500 Platform not found` otherwise (spec, deep link). */
export async function platformFor(c: Caller, id: string): Promise<LtiPlatform> {
  const p = await db().ltiPlatform.findFirst({ where: { AND: [{ id }, visibleWhere(c)] } });
  if (!p) throw AppError.of(PLATFORM_ERR.unusable);
  return p;
}

/** A platform the caller may change (its registrant, or an admin of its tenant); 404 otherwise. */
export async function managedPlatform(c: Caller, id: string): Promise<LtiPlatform> {
  const p = await db().ltiPlatform.findFirst({ where: { AND: [{ id }, visibleWhere(c)] } });
  if (!p || !canManage(c, p)) throw new AppError(404, PLATFORM_NOT_FOUND);
  return p;
}

export async function updatePlatform(c: Caller, id: string, patch: z.infer<typeof platformPatch>): Promise<LtiPlatform> {
  const p = await managedPlatform(c, id);
  // the registrant's own edit records their current realm role (an admin's edit of a teacher's platform does not)
  const role = p.ownerId === c.user.id ? { registrantRole: realmRoleOf(c) } : {};
  try {
    return await db().ltiPlatform.update({ where: { id }, data: { ...patch, ...(patch.deploymentId === '' ? { deploymentId: null } : {}), ...role } });
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002') throw AppError.of(PLATFORM_ERR.taken);
    throw err;
  }
}

/** Removes a platform with its launches, contexts and links (results stay: they are the learners'). */
export async function deletePlatform(c: Caller, id: string): Promise<void> {
  await managedPlatform(c, id);
  await db().ltiPlatform.delete({ where: { id } });
}

/** The caller's platforms with their figures: last launch, launches this month, passback failures. */
export async function listPlatforms(c: Caller): Promise<PlatformRow[]> {
  const rows = await db().ltiPlatform.findMany({ where: visibleWhere(c), orderBy: { createdAt: 'asc' } });
  const ids = rows.map((r) => r.id);
  const stats = new Map<string, PlatformStats>(ids.map((id) => [id, { lastLaunchAt: null, launchesThisMonth: 0, passbackFailures: 0, passbackPending: 0 }]));
  if (ids.length) {
    const launches = await db().$queryRaw<{ platform_id: string; last: Date | null; month: number }[]>`
      SELECT platform_id, max(created_at) AS last, (count(*) FILTER (WHERE created_at >= date_trunc('month', now())))::int AS month
      FROM lti_launches WHERE platform_id = ANY(${ids}::uuid[]) GROUP BY platform_id`;
    for (const l of launches) Object.assign(stats.get(l.platform_id)!, { lastLaunchAt: l.last?.toISOString() ?? null, launchesThisMonth: l.month });
    const passback = await db().$queryRaw<{ platform_id: string; failed: number; pending: number }[]>`
      SELECT a.grading_context->>'platformId' AS platform_id,
             (count(*) FILTER (WHERE g.status = 'failed'))::int AS failed, (count(*) FILTER (WHERE g.status = 'pending'))::int AS pending
      FROM grade_passback g JOIN learning_attempts a ON a.id = g.attempt_id
      WHERE g.status IN ('failed', 'pending') AND a.grading_context->>'platformId' = ANY(${ids}::text[])
      GROUP BY 1`;
    for (const p of passback) Object.assign(stats.get(p.platform_id)!, { passbackFailures: p.failed, passbackPending: p.pending });
  }
  return rows.map((r) => ({ ...platformView(r), stats: stats.get(r.id)! }));
}
