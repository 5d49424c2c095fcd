'use client';
// The desktop sidebar: the brand, the grouped navigation, and a button that collapses it to icons (kept in a
// cookie, so the next page starts the same way).
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import type { NavGroup } from './nav';
import { NavLinks } from './NavLinks';
import { SIDEBAR_COOKIE } from './theme';
import styles from './Shell.module.css';


export function Sidebar({
  groups,
  appName,
  logoUrl,
  initialCollapsed,
}: {
  groups: NavGroup[];
  appName: string;
  logoUrl: string | null;
  initialCollapsed: boolean;
}) {
  const t = useTranslations('shell');
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next ? 'collapsed' : 'open'}; path=/; max-age=31536000; samesite=lax`;
  }
  return (
    <div className={styles.sidebarCell}>
      <aside className={[styles.sidebar, collapsed ? styles.collapsed : ''].join(' ')} data-collapsed={collapsed || undefined}>
        <Link href="/workspace" className={styles.brandHome} aria-label={t('home', { app: appName })}>
          {logoUrl ? (
            <img className={styles.logo} src={logoUrl} alt="" />
          ) : (
            <span className={styles.logoMark} data-initial={appName.slice(0, 1).toUpperCase()} aria-hidden />
          )}
          <span className={collapsed ? 'sr-only' : styles.appName} data-testid="app-name">
            {appName}
          </span>
        </Link>
        <nav aria-label={t('mainNav')} className={styles.nav}>
          <NavLinks groups={groups} compact={collapsed} />
        </nav>
        <button
          type="button"
          className={styles.collapse}
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('expandSidebar') : t('collapseSidebar')}
          title={collapsed ? t('expandSidebar') : t('collapseSidebar')}
        >
          {collapsed ? <PanelLeftOpen aria-hidden size={18} /> : <PanelLeftClose aria-hidden size={18} />}
        </button>
      </aside>
    </div>
  );
}
