'use client';
// Toasts for the outcome of an action ("Published", "Could not delete: …"), from Radix UI's Toast primitive:
// announced to screen readers (polite for success, assertive for errors), dismissible by keyboard (F8 focuses
// the region, Escape closes), paused while hovered or focused. Mounted once in the root layout, so a toast
// outlives a client-side navigation (delete, then back to the list).
import * as Toast from '@radix-ui/react-toast';
import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type ToastTone = 'success' | 'error' | 'info';
interface Item {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}
type Notify = (t: { title: string; description?: string; tone?: ToastTone }) => void;

const ToastContext = createContext<Notify>(() => {});

/** Shows a toast: `const toast = useToast(); toast({ title: t('published') })`. */
export function useToast(): Notify {
  return useContext(ToastContext);
}

let seq = 0;

export function Toaster({ children }: { children: ReactNode }) {
  const t = useTranslations('common');
  const [items, setItems] = useState<Item[]>([]);
  const notify = useCallback<Notify>(({ title, description, tone = 'success' }) => {
    seq += 1;
    const id = seq;
    setItems((prev) => [...prev.slice(-3), { id, title, description, tone }]);
  }, []);
  const remove = (id: number) => setItems((prev) => prev.filter((i) => i.id !== id));
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={6000} label={t('notification')}>
        {children}
        {items.map((item) => (
          <Toast.Root
            key={item.id}
            className={`toast toast-${item.tone}`}
            type={item.tone === 'error' ? 'foreground' : 'background'}
            duration={item.tone === 'error' ? 10_000 : 6000}
            onOpenChange={(open) => (open ? undefined : remove(item.id))}
            data-testid="toast"
            data-tone={item.tone}
          >
            <Toast.Title className="toast-title">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="toast-description">{item.description}</Toast.Description> : null}
            <Toast.Close className="toast-close small" aria-label={t('dismiss')}>
              ×
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" label={t('notifications', { hotkey: 'F8' })} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
