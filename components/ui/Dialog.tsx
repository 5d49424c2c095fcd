'use client';
// A modal dialog on Radix Dialog (focus trapped and returned, Escape closes, the page behind is inert). For a yes/no
// confirmation use ConfirmDialog.
import * as RD from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
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
}

export function Dialog({ open, onOpenChange, title, description, children, footer, closeLabel = 'Close', testId, wide }: DialogProps) {
  return (
    <RD.Root open={open} onOpenChange={onOpenChange}>
      <RD.Portal>
        <RD.Overlay className={styles.overlay} />
        <RD.Content className={[styles.content, wide ? styles.wide : ''].join(' ')} data-testid={testId} aria-describedby={description ? undefined : undefined}>
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
