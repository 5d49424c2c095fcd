// Storage accounting: bytes of content files are charged to the content's owner against the plan's
// allowance when they are written, and given back when they are deleted. Storage never resets.
import { db, type Prisma } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { releaseStorage, reserveStorage } from './quota';

export const STORAGE_LIMIT_TEXT = 'Storage limit reached';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only local users (UUID ids) are charged; internal calls are not. */
const chargeable = (userId: string | null | undefined): userId is string => !!userId && UUID.test(userId);

/** Charges bytes to the user or throws 403 Storage limit reached; inside `tx` when given (it commits with the rows). */
export async function chargeStorage(userId: string | null | undefined, bytes: number, tx?: Prisma.TransactionClient): Promise<void> {
  if (!chargeable(userId) || bytes <= 0) return;
  if (!(await reserveStorage(userId, bytes, tx))) throw new AppError(403, STORAGE_LIMIT_TEXT);
}

export async function refundStorage(userId: string | null | undefined, bytes: number): Promise<void> {
  if (!chargeable(userId) || bytes <= 0) return;
  await releaseStorage(userId, bytes);
}

/** Whom a content's files are charged to: its owner, else its creator, else the acting user. */
export async function storageAccountOf(contentId: string, fallbackUserId?: string | null): Promise<string | null> {
  const row = await db().h5pContent.findUnique({ where: { id: contentId }, select: { creatorId: true, ownership: { select: { userId: true } } } });
  return row?.ownership?.userId ?? row?.creatorId ?? fallbackUserId ?? null;
}
