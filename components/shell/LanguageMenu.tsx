'use client';
// The language of the interface, in the top bar for everyone and on the settings page. Signed in, the choice is
// saved on the account (PUT /api/auth/me/preferences) so it follows the user to other browsers and to the H5P
// player and editor; the `locale` cookie keeps it for this browser before sign-in as well.
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { useToast } from '@/components/ui/Toaster';
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/config';

/** Switches the interface language (and saves it on the account when signed in); used by the select below and the account menu. */
export function useChooseLocale(signedIn: boolean) {
  const t = useTranslations('shell');
  const locale = useLocale();
  const router = useRouter();
  const toast = useToast();
  const [value, setValue] = useState<string>(locale);
  const [pending, startTransition] = useTransition();

  async function choose(next: Locale) {
    setValue(next);
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    if (signedIn) {
      const res = await fetch('/api/auth/me/preferences', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: next }),
      }).catch(() => null);
      if (!res?.ok) {
        setValue(locale);
        toast({ title: t('languageFailed'), tone: 'error' });
        return;
      }
    }
    startTransition(() => router.refresh());
  }
  return { value, pending, choose, locale };
}

export function LanguageMenu({ signedIn, showLabel = false }: { signedIn: boolean; showLabel?: boolean }) {
  const t = useTranslations('shell');
  const id = useId();
  const { value, pending, choose } = useChooseLocale(signedIn);
  return (
    <span className="language-menu">
      <label htmlFor={id} className={showLabel ? undefined : 'sr-only'}>
        {t('language')}
      </label>{' '}
      <select id={id} value={value} disabled={pending} onChange={(e) => void choose(e.target.value as Locale)} data-testid="language-menu">
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
