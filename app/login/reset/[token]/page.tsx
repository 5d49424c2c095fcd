import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/auth/AccountForms';
import { AuthPage } from '@/components/auth/AuthPage';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('reset.title') };
}

// A new password with a reset link (mailed, or handed over by the school's admin); the link works once.
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations('auth');
  return (
    <AuthPage title={t('reset.title')} sub={t('reset.sub')}>
      {/^[A-Za-z0-9_-]{20,100}$/.test(token) ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p className="error" role="alert">
          {t('reset.invalid')}
        </p>
      )}
      <p>
        <Link href="/login">{t('account.backToSignIn')}</Link>
      </p>
    </AuthPage>
  );
}
