// Just-in-time user records: created on first sight with the default plan of the role (only then),
// kept in step with the token's name and subject, and monthly counters reset when the month changed.
import { invalidate, localCache } from '@/lib/cache/local';
import { db, Prisma } from '@/lib/db/client';
import type { User } from '@/lib/generated/prisma/client';
import { z } from 'zod';
import { AppError, errorOf } from '@/lib/errors';
import { ACCOUNT_DISABLED } from './idp';
import { defaultPlanFor, type Role } from './roles';
import type { TokenPayload } from './types';

/** users by id and the id of an email, in-process for seconds (lib/cache/local.ts; rows announce changes) */
const USER_TTL_MS = 30_000;
const usersById = () => localCache<User | null>('users', { ttlMs: USER_TTL_MS, max: 20_000 });
const userIdsByEmail = () => localCache<string | null>('userEmails', { ttlMs: USER_TTL_MS, max: 20_000 });
const keepFound = (u: unknown) => (u ? USER_TTL_MS : 0);

/** The local record of a user id (cached; null when there is none). */
/** A user record in this instance's memory (no promise); undefined when it must be loaded (userById). */
export function userByIdNow(id: string): User | null | undefined {
  return usersById().get(id);
}

export function userById(id: string): Promise<User | null> {
  return usersById().getOrLoad(id, () => db().user.findUnique({ where: { id } }), keepFound);
}

async function userByEmail(email: string): Promise<User | null> {
  const id = userIdsByEmail().get(email);
  if (id) {
    const user = await userById(id);
    if (user?.email === email) return user;
  }
  const user = await db().user.findUnique({ where: { email } });
  if (user) {
    userIdsByEmail().set(email, user.id);
    usersById().set(user.id, user);
  }
  return user;
}

/** Drops a user's cached record on every instance (after any change to the row). */
export function forgetUser(id: string): Promise<void> {
  return invalidate('users', id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** First day of the current month (UTC) — the monthly counters belong to this month when reset on/after it. */
export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function needsMonthlyReset(monthResetDate: Date, now = new Date()): boolean {
  return monthResetDate.getTime() < startOfMonthUtc(now).getTime();
}

/** Resets contents and AI counters when the calendar month changed; idempotent under concurrency. */
export async function applyMonthlyReset(user: User, now = new Date()): Promise<User> {
  if (!needsMonthlyReset(user.monthResetDate, now)) return user;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await db().user.updateMany({
    where: { id: user.id, monthResetDate: { lt: startOfMonthUtc(now) } },
    data: { contentsCreatedThisMonth: 0, aiGenerationsThisMonth: 0, monthResetDate: today },
  });
  await forgetUser(user.id);
  return (await userById(user.id)) ?? user;
}

async function existingTenantId(claim: string | undefined): Promise<string | null> {
  if (!claim || !UUID.test(claim)) return null;
  const t = await db().tenant.findUnique({ where: { id: claim }, select: { id: true } });
  return t?.id ?? null;
}

/** Finds or creates the local record of a verified caller. */
export async function provisionUser(payload: TokenPayload, role: Role): Promise<User> {
  const email = payload.email.toLowerCase();
  const name = (payload.name ?? email).slice(0, 255);
  // the provider's role name as seen now (super_admin, school_admin, teacher …), kept for the admin pages only
  const roleName = (payload.role?.name || role).slice(0, 50);
  let user = await userByEmail(email);
  if (!user) {
    try {
      user = await db().user.create({
        data: {
          email,
          name,
          plan: defaultPlanFor(role),
          externalUserId: payload.id,
          role: roleName,
          tenantId: await existingTenantId(payload.tenantId),
        },
      });
    } catch (err) {
      // two first requests raced: the other one created the record
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')) throw err;
      user = await db().user.findUniqueOrThrow({ where: { email } });
    }
  } else if (user.name !== name || user.externalUserId !== payload.id || user.role !== roleName) {
    user = await db().user.update({ where: { id: user.id }, data: { name, externalUserId: payload.id, role: roleName } }).catch((err) => {
      // (tenant_id, external_user_id) already taken by another record: keep the record as it is
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return user as User;
      throw err;
    });
    await forgetUser(user.id);
  }
  return applyMonthlyReset(user);
}

/**
 * A password sign-in succeeded at the provider: 401 Account is disabled when an admin disabled the account here
 * (whatever the provider says), otherwise the last sign-in is noted.
 */
export async function admitSignIn(user: User): Promise<void> {
  if (user.disabledAt) throw new AppError(401, ACCOUNT_DISABLED);
  await db().user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
}

/** 401 of a route whose caller has no local record (lib/http/route.ts requireUser). */
export const USER_NOT_FOUND = 'User not found';
export const USER_ERR = { notFound: errorOf(401, USER_NOT_FOUND) } as const;

export const publicUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string(), plan: z.string() });
export type PublicUser = z.infer<typeof publicUserSchema>;

export function publicUser(user: Pick<User, 'id' | 'email' | 'name' | 'plan'>): PublicUser {
  return { id: user.id, email: user.email, name: user.name, plan: user.plan };
}
