// Server-side helpers of the content pages: the signed-in teacher, their access token and branding.
import { redirect } from 'next/navigation';
import { currentSession } from '@/lib/auth/session';
import { db } from '@/lib/db/client';
import { currentBrand } from '@/lib/tenant/current';

export async function workspaceContext(next: string) {
  const session = await currentSession();
  if (!session?.accessToken) redirect(`/login?next=${encodeURIComponent(next)}`);
  const user = await db().user.findUnique({ where: { email: session.user.email.toLowerCase() } });
  if (!user) redirect(`/login?next=${encodeURIComponent(next)}`);
  const { brand } = await currentBrand();
  return { token: session.accessToken, user, brand };
}
