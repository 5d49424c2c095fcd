'use client';
// Below 900 px the sidebar becomes a drawer behind a menu button in the top bar (Radix Dialog: focus kept inside,
// Escape closes, focus returns to the button).
import * as RD from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { Menu as MenuIcon, X } from 'lucide-react';
import { useState } from 'react';
import type { NavGroup } from './nav';
import { NavLinks } from './NavLinks';
import styles from './Shell.module.css';

export function MobileNav({ groups, appName }: { groups: NavGroup[]; appName: string }) {
  const t = useTranslations('shell');
  const [open, setOpen] = useState(false);
  return (
    <RD.Root open={open} onOpenChange={setOpen}>
      <RD.Trigger className={styles.menuButton} aria-label={t('openMenu')} data-testid="open-menu">
        <MenuIcon aria-hidden size={20} />
      </RD.Trigger>
      <RD.Portal>
        <RD.Overlay className={styles.drawerOverlay} />
        <RD.Content className={styles.drawer} aria-describedby={undefined}>
          <div className={styles.drawerHead}>
            <RD.Title className={styles.drawerTitle}>{appName}</RD.Title>
            <RD.Close className={styles.menuButton} aria-label={t('closeMenu')}>
              <X aria-hidden size={20} />
            </RD.Close>
          </div>
          <nav aria-label={t('mainNav')} className={styles.nav}>
            <NavLinks groups={groups} onNavigate={() => setOpen(false)} />
          </nav>
        </RD.Content>
      </RD.Portal>
    </RD.Root>
  );
}
