'use client';
// The sidebar's links, grouped, with the current page marked (aria-current) and an icon each. Used by the desktop
// sidebar and the phone drawer.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import {
  Blocks, BookOpenCheck, BarChart3, CreditCard, FolderOpen, Home, LayoutGrid, Palette, PlugZap, PlusCircle, Settings,
  ShieldCheck, Sparkles, Store, Upload, type LucideIcon,
} from 'lucide-react';
import { activeHref, type NavGroup, type NavIcon } from './nav';
import styles from './Shell.module.css';

const ICONS: Record<NavIcon, LucideIcon> = {
  home: Home, create: PlusCircle, sparkles: Sparkles, import: Upload, library: FolderOpen, store: Store, blocks: Blocks,
  collections: LayoutGrid, curriculum: BookOpenCheck, results: BarChart3, admin: ShieldCheck, brand: Palette, lms: PlugZap,
  plans: CreditCard, settings: Settings,
};

export function NavLinks({ groups, onNavigate, compact }: { groups: NavGroup[]; onNavigate?: () => void; compact?: boolean }) {
  const t = useTranslations('shell');
  const pathname = usePathname() ?? '';
  const active = activeHref(groups, pathname);
  return (
    <>
      {groups.map((g) => {
        const headingId = `nav-group-${g.key}`;
        const title = g.key === 'start' || g.key === 'account' ? null : t(`groups.${g.key}`);
        const titled = title !== null;
        return (
          <div key={g.key} className={[styles.group, g.key === 'account' ? styles.accountGroup : ''].join(' ')}>
            {titled ? (
              <p id={headingId} className={compact ? 'sr-only' : styles.groupTitle}>
                {title}
              </p>
            ) : null}
            <ul aria-labelledby={titled ? headingId : undefined}>
              {g.links.map((l) => {
                const Icon = ICONS[l.icon];
                const label = t(`nav.${l.key}`);
                return (
                  <li key={l.href}>
                    <Link
                      href={l.href}
                      className={styles.navLink}
                      aria-current={active === l.href ? 'page' : undefined}
                      onClick={onNavigate}
                      title={compact ? label : undefined}
                    >
                      <Icon aria-hidden size={18} className={styles.navIcon} />
                      <span className={compact ? 'sr-only' : styles.navLabel}>{label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </>
  );
}
