'use client';
// Menus on Radix DropdownMenu (roving focus, typeahead, Escape, focus return): `OverflowMenu` is the one "⋯" menu
// per item; `Menu` takes any trigger (the account menu). A disabled item can say why (and what unlocks it).
import * as DM from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import type { LucideIcon } from 'lucide-react';
import { MoreHorizontal } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import styles from './Menu.module.css';

export interface MenuItem {
  label: string;
  icon?: LucideIcon;
  onSelect?: () => void;
  href?: string;
  /** a plain <a> (full load: downloads, other origins) */
  external?: boolean;
  download?: boolean;
  disabled?: boolean;
  /** why a disabled item is disabled, shown under it */
  reason?: ReactNode;
  danger?: boolean;
  testId?: string;
  separatorBefore?: boolean;
}

function Items({ items }: { items: MenuItem[] }) {
  return (
    <>
      {items.map((it, i) => {
        const Icon = it.icon;
        const inner = (
          <>
            {Icon ? <Icon aria-hidden size={16} className={styles.icon} /> : <span className={styles.icon} />}
            <div className={styles.text}>
              <span>{it.label}</span>
              {it.disabled && it.reason ? <div className={styles.reason}>{it.reason}</div> : null}
            </div>
          </>
        );
        const cls = [styles.item, it.danger ? styles.danger : ''].join(' ');
        return (
          <div key={`${it.label}-${i}`} role="none">
            {it.separatorBefore && i > 0 ? <DM.Separator className={styles.separator} /> : null}
            {it.href && !it.disabled ? (
              <DM.Item asChild className={cls} data-testid={it.testId}>
                {it.external || it.download ? (
                  <a href={it.href} download={it.download || undefined}>
                    {inner}
                  </a>
                ) : (
                  <Link href={it.href}>{inner}</Link>
                )}
              </DM.Item>
            ) : (
              <DM.Item className={cls} disabled={it.disabled} onSelect={it.onSelect} data-testid={it.testId}>
                {inner}
              </DM.Item>
            )}
          </div>
        );
      })}
    </>
  );
}

export interface MenuProps {
  trigger: ReactNode;
  items: MenuItem[];
  align?: 'start' | 'center' | 'end';
  header?: ReactNode;
  /** extra content under the items (e.g. a language select) */
  footer?: ReactNode;
  contentTestId?: string;
}

export function Menu({ trigger, items, align = 'end', header, footer, contentTestId }: MenuProps) {
  return (
    <DM.Root modal={false}>
      <DM.Trigger asChild>{trigger}</DM.Trigger>
      <DM.Portal>
        <DM.Content className={styles.content} align={align} sideOffset={6} collisionPadding={8} data-testid={contentTestId}>
          {header ? <div className={styles.header}>{header}</div> : null}
          <Items items={items} />
          {footer ? (
            <>
              <DM.Separator className={styles.separator} />
              <div className={styles.footer}>{footer}</div>
            </>
          ) : null}
        </DM.Content>
      </DM.Portal>
    </DM.Root>
  );
}

export function OverflowMenu({
  label,
  items,
  testId,
  align = 'end',
  triggerRef,
  bordered,
}: {
  label: string;
  items: MenuItem[];
  testId?: string;
  align?: 'start' | 'end';
  /** the "⋯" button (a dialog opened from an item returns focus to it) */
  triggerRef?: Ref<HTMLButtonElement>;
  /** outlined like a secondary Button, to sit in a row of buttons (a page header) */
  bordered?: boolean;
}) {
  return (
    <Menu
      align={align}
      items={items}
      trigger={
        <button ref={triggerRef} type="button" className={[styles.trigger, bordered ? styles.bordered : ''].join(' ')} aria-label={label} title={label} data-testid={testId}>
          <MoreHorizontal aria-hidden size={18} />
        </button>
      }
    />
  );
}
