// The signed-in user of a workspace page (server components): local record, principal and usage.
import { requirePageSession } from '@/lib/auth/session';
import { db } from '@/lib/db/client';
import { usageOf } from '@/lib/plans/quota';

export async function pageUser(next: string) {
  const { user, principal } = await requirePageSession(next);
  return { user, principal, usage: await usageOf(user) };
}

/** The user's own content (id, title, type) for pickers, newest first. */
export async function myContents(userId: string) {
  const rows = await db().contentOwnership.findMany({
    where: { userId, content: { isNot: null } },
    orderBy: { createdAt: 'desc' },
    take: 200,
    select: { contentId: true, content: { select: { title: true, mainLibrary: true } } },
  });
  return rows.map((r) => ({ id: r.contentId, title: r.content?.title ?? r.contentId, mainLibrary: r.content?.mainLibrary ?? '' }));
}
