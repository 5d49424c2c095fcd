// The app shell's bar: the tenant's brand (logo and name link home), navigation for what the signed-in user's
// role can do, their plan with what is left this month, and sign-out. Signed out it shows only the brand.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LanguageMenu } from '@/components/shell/LanguageMenu';
import { SessionNotice } from '@/components/auth/SessionNotice';
import { SignOutButton } from '@/components/auth/SignOutButton';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { currentSession } from '@/lib/auth/session';
import { planOf } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';
import type { BrandConfig } from '@/lib/tenant/brand';

type NavKey = 'workspace' | 'myContent' | 'create' | 'marketplace' | 'collections' | 'contentTypes' | 'results' | 'plans' | 'settings' | 'admin';
interface NavItem {
  href: string;
  key: NavKey;
}

function navFor(role: 'admin' | 'teacher' | 'student'): NavItem[] {
  const items: NavItem[] = [{ href: '/workspace', key: 'workspace' }];
  if (isTeacherOrAbove(role)) {
    items.push({ href: '/content', key: 'myContent' }, { href: '/content/new', key: 'create' });
  }
  items.push({ href: '/marketplace', key: 'marketplace' });
  if (isTeacherOrAbove(role)) items.push({ href: '/collections', key: 'collections' }, { href: '/content/types', key: 'contentTypes' });
  items.push({ href: '/results', key: 'results' }, { href: '/plans', key: 'plans' }, { href: '/settings', key: 'settings' });
  if (role === 'admin') items.push({ href: '/admin', key: 'admin' });
  return items;
}

export async function TopBar({ brand, signedIn }: { brand: BrandConfig; signedIn: boolean }) {
  const session = signedIn ? await currentSession() : null;
  const usage = session ? await usageOf(session.user) : null;
  const plan = session ? planOf(session.user.plan) : null;
  const t = await getTranslations('shell');
  const tw = await getTranslations('workspace.plan.names');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipLink')}
      </a>
      {session ? <SessionNotice /> : null}
      <header className="topbar">
        <Link href={session ? '/workspace' : '/'} className="brand-home" aria-label={t('home', { app: brand.appName })}>
          {brand.logoUrl ? <img className="logo" src={brand.logoUrl} alt="" /> : null}
          <span className="app-name" data-testid="app-name">
            {brand.appName}
          </span>
        </Link>
        {session ? (
          <nav aria-label={t('mainNav')} className="main-nav">
            <ul>
              {navFor(session.principal.role).map((i) => (
                <li key={i.href}>
                  <Link href={i.href}>{t(`nav.${i.key}`)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <span className="spacer" />
        {session && plan && usage ? (
          <span className="plan-summary" data-testid="shell-plan">
            <span className="plan-badge">{tw(plan.id)}</span>{' '}
            <span className="credits">
              {isTeacherOrAbove(session.principal.role)
                ? `${usage.contentsLimit === -1 ? t('newItemsUnlimited') : t('newItemsLeft', { count: Math.max(0, usage.contentsLimit - usage.contentsUsed) })} · `
                : ''}
              {usage.aiLimit === -1 ? t('aiUnlimited') : t('aiLeft', { count: Math.max(0, usage.aiLimit - usage.aiUsed) })}
            </span>
          </span>
        ) : null}
        <LanguageMenu signedIn={Boolean(session)} />
        {session ? <SignOutButton label={t('signOut')} /> : null}
      </header>
    </>
  );
}
