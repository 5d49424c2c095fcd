// Server-side helpers of the content pages: the signed-in user (from the session cookie) and branding.
import { requirePageSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';

export async function workspaceContext(next: string) {
  const { user, principal } = await requirePageSession(next);
  const { brand } = await currentBrand();
  return { user, principal, brand };
}
