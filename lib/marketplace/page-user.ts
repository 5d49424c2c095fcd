// The signed-in teacher of a workspace page (server components): session, local record and usage.
import { redirect } from 'next/navigation';
import { currentSession } from '@/lib/auth/session';
import { applyMonthlyReset } from '@/lib/auth/users';
import { db } from '@/lib/db/client';
import { usageOf } from '@/lib/plans/quota';

export async function pageUser(next: string) {
  const session = await currentSession();
  if (!session?.accessToken) redirect(`/login?next=${encodeURIComponent(next)}`);
  const found = await db().user.findUnique({ where: { email: session.user.email.toLowerCase() } });
  if (!found) redirect(`/login?next=${encodeURIComponent(next)}`);
  const user = await applyMonthlyReset(found);
  return { token: session.accessToken, user, usage: await usageOf(user) };
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
