import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/SignInForm';
import { TopBar } from '@/components/workspace/TopBar';
import { currentSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  const next = sp.next?.startsWith('/') && !sp.next.startsWith('//') ? sp.next : '/workspace';
  if (await currentSession()) redirect(next);
  const { brand } = await currentBrand();
  return (
    <>
      <TopBar brand={brand} signedIn={false} />
      <main>
        <div className="card auth-card">
          <h1>Sign in to {brand.appName}</h1>
          <SignInForm next={next} />
        </div>
      </main>
    </>
  );
}
