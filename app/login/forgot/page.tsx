import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ForgotPasswordForm } from '@/components/auth/AccountForms';
import { AuthPage } from '@/components/auth/AuthPage';
import { keycloakResetUrl } from '@/lib/auth/idp-admin';
import { config } from '@/lib/config';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('forgot.title') };
}

// "Forgot password": the embedded provider mails a link (or, without mail, says to ask the school's admin); an
// external Keycloak has its own page for it.
export default async function ForgotPasswordPage() {
  if (!config().idp.embedded) redirect(keycloakResetUrl());
  const t = await getTranslations('auth');
  return (
    <AuthPage title={t('forgot.title')} sub={t('forgot.sub')}>
      <ForgotPasswordForm />
      <p>
        <Link href="/login">{t('account.backToSignIn')}</Link>
      </p>
    </AuthPage>
  );
}
