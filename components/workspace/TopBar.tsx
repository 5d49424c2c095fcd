// The app shell's bar: the tenant's brand (logo and name link home), navigation for what the signed-in user's
// role can do, their plan with what is left this month, and sign-out. Signed out it shows only the brand.
import Link from 'next/link';
import { SessionNotice } from '@/components/auth/SessionNotice';
import { SignOutButton } from '@/components/auth/SignOutButton';
import { isTeacherOrAbove } from '@/lib/auth/roles';
import { currentSession } from '@/lib/auth/session';
import { planOf } from '@/lib/plans/plans';
import { usageOf } from '@/lib/plans/quota';
import type { BrandConfig } from '@/lib/tenant/brand';

interface NavItem {
  href: string;
  label: string;
}

function navFor(role: 'admin' | 'teacher' | 'student'): NavItem[] {
  const items: NavItem[] = [{ href: '/workspace', label: 'Workspace' }];
  if (isTeacherOrAbove(role)) {
    items.push({ href: '/content', label: 'My content' }, { href: '/content/new', label: 'Create' });
  }
  items.push({ href: '/marketplace', label: 'Marketplace' });
  if (isTeacherOrAbove(role)) items.push({ href: '/collections', label: 'Collections' }, { href: '/content/types', label: 'Content types' });
  return items;
}

const left = (limit: number, used: number, what: string) => (limit === -1 ? `unlimited ${what}` : `${Math.max(0, limit - used)} ${what} left`);

export async function TopBar({ brand, signedIn }: { brand: BrandConfig; signedIn: boolean }) {
  const session = signedIn ? await currentSession() : null;
  const usage = session ? await usageOf(session.user) : null;
  const plan = session ? planOf(session.user.plan) : null;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {session ? <SessionNotice /> : null}
      <header className="topbar">
        <Link href={session ? '/workspace' : '/'} className="brand-home" aria-label={`${brand.appName} home`}>
          {brand.logoUrl ? <img className="logo" src={brand.logoUrl} alt="" /> : null}
          <span className="app-name" data-testid="app-name">
            {brand.appName}
          </span>
        </Link>
        {session ? (
          <nav aria-label="Main" className="main-nav">
            <ul>
              {navFor(session.principal.role).map((i) => (
                <li key={i.href}>
                  <Link href={i.href}>{i.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <span className="spacer" />
        {session && plan && usage ? (
          <span className="plan-summary" data-testid="shell-plan">
            <span className="plan-badge">{plan.name}</span>{' '}
            <span className="credits">
              {isTeacherOrAbove(session.principal.role) ? `${left(usage.contentsLimit, usage.contentsUsed, 'new items')} · ` : ''}
              {left(usage.aiLimit, usage.aiUsed, 'AI credits')}
            </span>
          </span>
        ) : null}
        {session ? <SignOutButton /> : null}
      </header>
    </>
  );
}
