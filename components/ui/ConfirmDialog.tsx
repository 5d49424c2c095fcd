'use client';
// The confirmation of a destructive action, from Radix UI's AlertDialog: modal, focus kept inside and returned
// to the trigger, Escape or Cancel backs out, and the focused button on opening is Cancel (a stray Enter
// destroys nothing). Use it with a trigger (<ConfirmDialog trigger={<button>Delete</button>} …/>) or controlled
// (open / onOpenChange) when the action starts elsewhere.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslations } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';

interface Props {
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  testId?: string;
}

export function ConfirmDialog({ title, description, confirmLabel, onConfirm, trigger, open, onOpenChange, testId = 'confirm-dialog' }: Props) {
  const t = useTranslations('common');
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" data-testid={testId}>
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="dialog-description">{description}</AlertDialog.Description> : <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>}
          <div className="dialog-actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="secondary" data-testid={`${testId}-cancel`}>
                {t('cancel')}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="danger" data-testid={`${testId}-confirm`} onClick={() => void onConfirm()}>
                {confirmLabel}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
