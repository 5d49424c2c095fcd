// The embedded identity provider's accounts: the state file's (the demo accounts, written by `npm start`) and the
// ones added or changed at run time (invited users, new roles, disabled accounts, new passwords), which live in
// PostgreSQL (embedded_idp_users) so that every instance sees them at once. A row overrides the file's account of
// the same id or email; changing a file account copies it into the table first.
import { randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { db, Prisma } from '@/lib/db/client';
import { embeddedState, type EmbeddedUser } from './embedded-idp';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, opts: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

/** scrypt$N$r$p$salt$hash (base64url) */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const got = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem });
  return timingSafeEqual(got, expected);
}

/** An account of the embedded provider, wherever it is kept. */
export interface EmbeddedAccount {
  id: string;
  email: string;
  name: string;
  roles: string[];
  enabled: boolean;
  tenantId: string | null;
  checkPassword(password: string): Promise<boolean>;
}

type Row = Prisma.EmbeddedIdpUserGetPayload<object>;

const same = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

const fromRow = (r: Row): EmbeddedAccount => ({
  id: r.id,
  email: r.email,
  name: r.name,
  roles: r.roles,
  enabled: r.enabled,
  tenantId: r.tenantId,
  checkPassword: (pw) => verifyPassword(pw, r.passwordHash),
});

const fromFile = (u: EmbeddedUser): EmbeddedAccount => ({
  id: u.id,
  email: u.email.toLowerCase(),
  name: u.name,
  roles: u.roles,
  enabled: u.enabled,
  tenantId: u.tenantId ?? null,
  checkPassword: async (pw) => same(pw, u.password),
});

const fileUsers = () => embeddedState()?.users ?? [];

export async function embeddedAccountByEmail(email: string): Promise<EmbeddedAccount | null> {
  const e = email.trim().toLowerCase();
  const row = await db().embeddedIdpUser.findUnique({ where: { email: e } });
  if (row) return fromRow(row);
  const file = fileUsers().find((u) => u.email.toLowerCase() === e);
  // a file account whose id a row took over (its email changed) is that row's
  if (!file || (await db().embeddedIdpUser.findUnique({ where: { id: file.id }, select: { id: true } }))) return null;
  return fromFile(file);
}

export async function embeddedAccountById(id: string): Promise<EmbeddedAccount | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await db().embeddedIdpUser.findUnique({ where: { id } });
  if (row) return fromRow(row);
  const file = fileUsers().find((u) => u.id === id);
  return file ? fromFile(file) : null;
}

export class EmbeddedAccountExists extends Error {}

/** A new account (an invitation accepted). Throws EmbeddedAccountExists when the email has one. */
export async function createEmbeddedAccount(a: { email: string; name: string; password: string; roles: string[]; tenantId: string | null }, tx: Pick<Prisma.TransactionClient, 'embeddedIdpUser'> = db()): Promise<EmbeddedAccount> {
  const email = a.email.toLowerCase();
  if (fileUsers().some((u) => u.email.toLowerCase() === email)) throw new EmbeddedAccountExists();
  try {
    const row = await tx.embeddedIdpUser.create({ data: { id: randomUUID(), email, name: a.name, passwordHash: await hashPassword(a.password), roles: a.roles, tenantId: a.tenantId } });
    return fromRow(row);
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new EmbeddedAccountExists();
    throw err;
  }
}

/** Changes an account (found by email); a file account is copied into the table first. False when there is none. */
export async function updateEmbeddedAccount(email: string, patch: { roles?: string[]; enabled?: boolean; password?: string; tenantId?: string | null }): Promise<boolean> {
  const e = email.toLowerCase();
  const data: Prisma.EmbeddedIdpUserUpdateInput = {
    ...(patch.roles ? { roles: patch.roles } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
    ...(patch.password !== undefined ? { passwordHash: await hashPassword(patch.password) } : {}),
    ...(patch.tenantId !== undefined ? { tenantId: patch.tenantId } : {}),
  };
  const updated = await db().embeddedIdpUser.updateMany({ where: { email: e }, data: data });
  if (updated.count > 0) return true;
  const file = fileUsers().find((u) => u.email.toLowerCase() === e);
  if (!file) return false;
  await db()
    .embeddedIdpUser.create({
      data: {
        id: file.id,
        email: e,
        name: file.name,
        passwordHash: patch.password !== undefined ? await hashPassword(patch.password) : await hashPassword(file.password),
        roles: patch.roles ?? file.roles,
        enabled: patch.enabled ?? file.enabled,
        tenantId: patch.tenantId !== undefined ? patch.tenantId : (file.tenantId ?? null),
      },
    })
    .catch(async (err) => {
      // another instance copied it meanwhile: change the copy
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')) throw err;
      await db().embeddedIdpUser.updateMany({ where: { email: e }, data: data });
    });
  return true;
}
