'use client';
// The confirmation of a destructive action, from Radix UI's AlertDialog: modal, focus kept inside and returned
// to the trigger, Escape or Cancel backs out, and the focused button on opening is Cancel (a stray Enter
// destroys nothing). Use it with a trigger (<ConfirmDialog trigger={<Button>Delete</Button>} …/>) or controlled
// (open / onOpenChange) when the action starts elsewhere — from a menu item, say which element gets the focus back
// (`returnFocus`: the item is gone once the menu closes). The look is the kit's Dialog and Button.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslations } from 'next-intl';
import type { ReactElement, ReactNode, RefObject } from 'react';
import { Button } from './Button';
import { focusInstead } from './Dialog';
import styles from './Dialog.module.css';

interface Props {
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  testId?: string;
  /** the element focused on closing (default: the trigger, or the one focused before opening) */
  returnFocus?: RefObject<HTMLElement | null>;
}

export function ConfirmDialog({ title, description, confirmLabel, onConfirm, trigger, open, onOpenChange, testId = 'confirm-dialog', returnFocus }: Props) {
  const t = useTranslations('common');
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content} data-testid={testId} onCloseAutoFocus={(e) => focusInstead(e, returnFocus)}>
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className={styles.description}>{description}</AlertDialog.Description> : <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>}
          <div className={styles.footer}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" data-testid={`${testId}-cancel`}>
                {t('cancel')}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" data-testid={`${testId}-confirm`} onClick={() => void onConfirm()}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
