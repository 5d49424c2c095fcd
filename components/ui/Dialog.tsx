'use client';
// A modal dialog on Radix Dialog (focus trapped and returned, Escape closes, the page behind is inert). For a yes/no
// confirmation use ConfirmDialog. Opened from a menu item (which is gone once the menu closes), say where focus goes
// on opening (`initialFocus`) and where it returns on closing (`returnFocus`, e.g. the menu's trigger).
import * as RD from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  closeLabel?: string;
  testId?: string;
  wide?: boolean;
  /** the element focused on opening (default: the first focusable one) */
  initialFocus?: RefObject<HTMLElement | null>;
  /** the element focused on closing (default: the one focused before opening) */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** Radix's auto-focus event: focus `ref`'s element instead of the default, when there is one */
export function focusInstead(e: Event, ref: RefObject<HTMLElement | null> | undefined) {
  const el = ref?.current;
  if (!el || !el.isConnected) return;
  e.preventDefault();
  el.focus();
}

export function Dialog({ open, onOpenChange, title, description, children, footer, closeLabel = 'Close', testId, wide, initialFocus, returnFocus }: DialogProps) {
  return (
    <RD.Root open={open} onOpenChange={onOpenChange}>
      <RD.Portal>
        <RD.Overlay className={styles.overlay} />
        <RD.Content
          className={[styles.content, wide ? styles.wide : ''].join(' ')}
          data-testid={testId}
          onOpenAutoFocus={(e) => focusInstead(e, initialFocus)}
          onCloseAutoFocus={(e) => focusInstead(e, returnFocus)}
        >
          <div className={styles.head}>
            <RD.Title className={styles.title}>{title}</RD.Title>
            <RD.Close className={styles.close} aria-label={closeLabel} title={closeLabel}>
              <X aria-hidden size={18} />
            </RD.Close>
          </div>
          {description ? <RD.Description className={styles.description}>{description}</RD.Description> : <RD.Description className="sr-only">{title}</RD.Description>}
          {children}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </RD.Content>
      </RD.Portal>
    </RD.Root>
  );
}
