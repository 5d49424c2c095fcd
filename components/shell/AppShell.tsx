// The workspace's frame: skip link, a sidebar with what the role may use (collapsible; a drawer behind a menu button
// on phones), a top bar with global search, the plan's credits (teachers) and the account menu, and the page in
// <main>. Signed out (the sign-in page) it is only the brand bar.
import Link from 'next/link';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { SessionNotice } from '@/components/auth/SessionNotice';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import type { ResolvedSession } from '@/lib/auth/browser-session';
import { planOf } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';
import type { BrandConfig } from '@/lib/tenant/brand';
import { AccountMenu } from './AccountMenu';
import { CreditsChip } from './CreditsChip';
import { GlobalSearch } from './GlobalSearch';
import { LanguageMenu } from './LanguageMenu';
import { MobileNav } from './MobileNav';
import { navFor } from './nav';
import { Sidebar } from './Sidebar';
import { SIDEBAR_COOKIE, THEME_COOKIE, themeOf } from './theme';
import styles from './Shell.module.css';

export async function AppShell({ brand, session, children }: { brand: BrandConfig; session: ResolvedSession | null; children: ReactNode }) {
  const t = await getTranslations('shell');
  if (!session) {
    return (
      <>
        <a className="skip-link" href="#main">
          {t('skipLink')}
        </a>
        <header className={`topbar ${styles.publicBar}`}>
          <Link href="/" className={styles.brandHome} aria-label={t('home', { app: brand.appName })}>
            {brand.logoUrl ? <img className={styles.logo} src={brand.logoUrl} alt="" /> : null}
            <span className={styles.appName} data-testid="app-name">
              {brand.appName}
            </span>
          </Link>
          <span className={styles.spacer} />
          <span className={styles.publicLanguage}>
            <LanguageMenu signedIn={false} />
          </span>
        </header>
        <main id="main" className={styles.publicMain}>
          {children}
        </main>
      </>
    );
  }
  const role = session.principal.role;
  const teacher = isTeacherOrAbove(role);
  const groups = navFor(role);
  const [jar, usage, tw] = await Promise.all([cookies(), teacher ? usageOf(session.user) : null, getTranslations('workspace.plan.names')]);
  const plan = planOf(session.user.plan);
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t('skipLink')}
      </a>
      <SessionNotice />
      <Sidebar groups={groups} appName={brand.appName} logoUrl={brand.logoUrl ?? null} initialCollapsed={jar.get(SIDEBAR_COOKIE)?.value === 'collapsed'} />
      <div className={styles.column}>
        <header className={`topbar ${styles.topbar}`}>
          <MobileNav groups={groups} appName={brand.appName} />
          <Link href="/workspace" className={styles.mobileBrand} aria-label={t('home', { app: brand.appName })}>
            {brand.logoUrl ? <img className={styles.logo} src={brand.logoUrl} alt="" /> : null}
            <span className={styles.appName}>{brand.appName}</span>
          </Link>
          <GlobalSearch teacher={teacher} />
          <span className={styles.spacer} />
          {teacher && usage ? <CreditsChip planName={tw(plan.id)} initial={usage} /> : null}
          <AccountMenu
            name={session.user.name}
            email={session.user.email ?? null}
            planName={teacher ? tw(plan.id) : null}
            showPlan={teacher}
            initialTheme={themeOf(jar.get(THEME_COOKIE)?.value)}
          />
        </header>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
