import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/SignInForm';
import { TopBar } from '@/components/workspace/TopBar';
import { safeNextPath } from '@/lib/auth/redirect';
import { currentSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';

const ENDED: Record<string, string> = {
  signed_out: 'You signed out.',
  idle: 'Your session ended after a long time without activity. Please sign in again.',
  expired: 'Your session reached its maximum length. Please sign in again.',
  refresh_refused: 'Your sign-in is no longer valid (the account may have been changed or disabled). Please sign in again.',
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  // only paths of this site are followed after sign-in (no open redirect)
  const next = safeNextPath(sp.next);
  if (await currentSession()) redirect(next);
  const { brand } = await currentBrand();
  const ended = sp.ended !== undefined ? (ENDED[sp.ended] ?? 'Your session has ended. Please sign in again.') : null;
  return (
    <>
      <TopBar brand={brand} signedIn={false} />
      <main id="main">
        <div className="card auth-card">
          <h1>Sign in to {brand.appName}</h1>
          {ended ? (
            <p className="notice" role="status" data-testid="session-ended">
              {ended}
            </p>
          ) : null}
          <SignInForm next={next} />
        </div>
      </main>
    </>
  );
}
