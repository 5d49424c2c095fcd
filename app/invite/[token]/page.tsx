import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { AcceptInviteForm } from '@/components/auth/AccountForms';
import { AuthPage } from '@/components/auth/AuthPage';
import { AppError } from '@/lib/errors';
import { describeInvitation } from '@/lib/people/service';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('auth');
  return { title: t('invite.title') };
}

// Sign-up by invitation: who invited you to which school, and the role; then name and password (embedded
// provider) or just the name (an external Keycloak mails its own link to set the password).
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = await getTranslations('auth');
  const tr = await getTranslations('people.roles');
  let invitation: Awaited<ReturnType<typeof describeInvitation>> | null = null;
  if (/^[A-Za-z0-9_-]{20,100}$/.test(token)) {
    try {
      invitation = await describeInvitation(token);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  if (!invitation) {
    return (
      <AuthPage title={t('invite.title')}>
        <p className="error" role="alert" data-testid="invite-invalid">
          {t('invite.invalid')}
        </p>
        <p>
          <Link href="/login">{t('account.backToSignIn')}</Link>
        </p>
      </AuthPage>
    );
  }
  const role = tr(invitation.role);
  return (
    <AuthPage
      title={t('invite.heading', { school: invitation.school })}
      sub={invitation.invitedBy ? t('invite.byWhom', { name: invitation.invitedBy, school: invitation.school, role }) : t('invite.byNobody', { school: invitation.school, role })}
    >
      <AcceptInviteForm token={token} email={invitation.email} setsPassword={invitation.setsPassword} />
    </AuthPage>
  );
}
