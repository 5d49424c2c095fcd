import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/AppShell';
import { currentSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';

// Every workspace page sits in the app shell (sidebar, top bar, <main>). A page without a session redirects to the
// sign-in page itself (requirePageSession); the shell then renders nothing around it.
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  const [{ brand }, session] = await Promise.all([currentBrand(), currentSession()]);
  if (!session) return <>{children}</>;
  return (
    <AppShell brand={brand} session={session}>
      {children}
    </AppShell>
  );
}
