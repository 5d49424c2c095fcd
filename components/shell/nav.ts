// What the sidebar offers each role, in the groups of the product (Create, Library, Teach, Results, Admin). A student
// sees what it can use: no creating, no plans or quotas. Icons are named here and resolved in the client sidebar.
import type { Role } from '@/lib/auth/roles';

export type NavIcon =
  | 'home' | 'create' | 'sparkles' | 'import' | 'library' | 'store' | 'blocks' | 'collections' | 'curriculum'
  | 'results' | 'admin' | 'brand' | 'lms' | 'plans' | 'settings';

export type NavKey =
  | 'workspace' | 'create' | 'createAi' | 'import' | 'myContent' | 'marketplace' | 'contentTypes' | 'collections'
  | 'curriculum' | 'results' | 'admin' | 'branding' | 'lms' | 'plans' | 'settings';

export interface NavLink {
  href: string;
  key: NavKey;
  icon: NavIcon;
}

export interface NavGroup {
  /** the group's heading key (shell.groups.*); null for the ungrouped first and last links */
  key: 'start' | 'create' | 'library' | 'teach' | 'results' | 'admin' | 'account';
  links: NavLink[];
}

export function navFor(role: Role): NavGroup[] {
  const teacher = role === 'teacher' || role === 'admin';
  const groups: NavGroup[] = [{ key: 'start', links: [{ href: '/workspace', key: 'workspace', icon: 'home' }] }];
  if (teacher) {
    groups.push({
      key: 'create',
      links: [
        { href: '/content/new', key: 'create', icon: 'create' },
        { href: '/content/ai', key: 'createAi', icon: 'sparkles' },
        { href: '/content/import', key: 'import', icon: 'import' },
      ],
    });
    groups.push({
      key: 'library',
      links: [
        { href: '/content', key: 'myContent', icon: 'library' },
        { href: '/marketplace', key: 'marketplace', icon: 'store' },
        { href: '/content/types', key: 'contentTypes', icon: 'blocks' },
      ],
    });
    groups.push({
      key: 'teach',
      links: [
        { href: '/collections', key: 'collections', icon: 'collections' },
        { href: '/curriculum', key: 'curriculum', icon: 'curriculum' },
      ],
    });
  } else {
    groups.push({ key: 'library', links: [{ href: '/marketplace', key: 'marketplace', icon: 'store' }] });
  }
  groups.push({ key: 'results', links: [{ href: '/results', key: 'results', icon: 'results' }] });
  if (role === 'admin') {
    groups.push({
      key: 'admin',
      links: [
        { href: '/admin', key: 'admin', icon: 'admin' },
        { href: '/settings/tenant', key: 'branding', icon: 'brand' },
        { href: '/settings/lti', key: 'lms', icon: 'lms' },
      ],
    });
  }
  const account: NavLink[] = [];
  if (teacher) account.push({ href: '/plans', key: 'plans', icon: 'plans' });
  account.push({ href: '/settings', key: 'settings', icon: 'settings' });
  groups.push({ key: 'account', links: account });
  return groups;
}

/** the link that matches the address best (the longest prefix), so /content/new lights Create, not My content */
export function activeHref(groups: NavGroup[], pathname: string): string | null {
  let best: string | null = null;
  for (const g of groups) {
    for (const l of g.links) {
      const hit = pathname === l.href || pathname.startsWith(`${l.href}/`);
      if (hit && (!best || l.href.length > best.length)) best = l.href;
    }
  }
  return best;
}
