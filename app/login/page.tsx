import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BarChart3, LayoutGrid, Sparkles } from 'lucide-react';
import { SignInForm } from '@/components/auth/SignInForm';
import { AppShell } from '@/components/shell/AppShell';
import { safeNextPath } from '@/lib/auth/redirect';
import { currentSession } from '@/lib/auth/session';
import { currentBrand } from '@/lib/tenant/current';
import { keycloakResetUrl } from '@/lib/auth/idp-admin';
import { config } from '@/lib/config';
import styles from './login.module.css';

/** why the last session ended (?ended=<reason>, set by the session checks and sign-out), each with its message */
const ENDED_REASONS = ['signed_out', 'idle', 'expired', 'refresh_refused', 'disabled'] as const;
type EndedReason = (typeof ENDED_REASONS)[number];
const isEndedReason = (v: string): v is EndedReason => (ENDED_REASONS as readonly string[]).includes(v);

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  // only paths of this site are followed after sign-in (no open redirect)
  const next = safeNextPath(sp.next);
  if (await currentSession()) redirect(next);
  const [{ brand }, t] = await Promise.all([currentBrand(), getTranslations('auth')]);
  const ended = sp.ended !== undefined ? t(`ended.${isEndedReason(sp.ended) ? sp.ended : 'other'}`) : null;
  return (
    <AppShell brand={brand} session={null}>
      <div className={styles.layout}>
        <div className={styles.formCard}>
          <h1>{t('heading', { app: brand.appName })}</h1>
          <p className={styles.sub}>{t('sub')}</p>
          {ended ? (
            <p className="notice" role="status" data-testid="session-ended">
              {ended}
            </p>
          ) : null}
          {sp.joined === '1' ? (
            <p className="notice" role="status" data-testid="joined">
              {t('account.joined')}
            </p>
          ) : sp.reset === '1' ? (
            <p className="notice" role="status" data-testid="password-changed">
              {t('account.changed')}
            </p>
          ) : null}
          {/* "Forgot password?": the embedded provider's own page, or Keycloak's reset page of the realm */}
          <SignInForm next={next} forgotHref={config().idp.embedded ? '/login/forgot' : keycloakResetUrl()} email={typeof sp.email === 'string' ? sp.email.slice(0, 255) : undefined} />
        </div>
        <section className={styles.pitch} aria-labelledby="pitch-title">
          <h2 id="pitch-title">{t('pitch.title')}</h2>
          <p>{t('pitch.body')}</p>
          <ul className={styles.points}>
            <li>
              <Sparkles aria-hidden size={20} /> {t('pitch.create')}
            </li>
            <li>
              <LayoutGrid aria-hidden size={20} /> {t('pitch.share')}
            </li>
            <li>
              <BarChart3 aria-hidden size={20} /> {t('pitch.results')}
            </li>
          </ul>
        </section>
      </div>
    </AppShell>
  );
}
