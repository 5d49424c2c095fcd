'use client';
// The account menu in the top bar: who is signed in, language, theme (light, dark or the system's), plan and
// settings, and sign-out.
import { signOut } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { Check, CreditCard, Languages, LogOut, Monitor, Moon, Settings, Sun, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Menu, type MenuItem } from '@/components/ui';
import { LOCALE_NAMES, LOCALES } from '@/lib/i18n/config';
import { useChooseLocale } from './LanguageMenu';
import { THEME_COOKIE, type Theme } from './theme';
import styles from './Shell.module.css';

const THEMES: { value: Theme; icon: LucideIcon }[] = [
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
  { value: 'system', icon: Monitor },
];

export function AccountMenu({ name, email, planName, showPlan, initialTheme }: { name: string; email: string | null; planName: string | null; showPlan: boolean; initialTheme: Theme }) {
  const t = useTranslations('shell');
  const { value: locale, choose } = useChooseLocale(true);
  const [theme, setTheme] = useState<Theme>(initialTheme);

  function applyTheme(next: Theme) {
    setTheme(next);
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    if (next === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = next;
  }

  const items: MenuItem[] = [
    { label: t('nav.settings'), icon: Settings, href: '/settings', testId: 'account-settings' },
    ...(showPlan ? [{ label: planName ? t('account.plan', { plan: planName }) : t('nav.plans'), icon: CreditCard, href: '/plans', testId: 'account-plan' }] : []),
    ...LOCALES.map((l, i) => ({
      label: LOCALE_NAMES[l],
      icon: l === locale ? Check : i === 0 ? Languages : undefined,
      onSelect: () => void choose(l),
      separatorBefore: i === 0,
      testId: `account-language-${l}`,
    })),
    ...THEMES.map((th, i) => ({
      label: t(`theme.${th.value}`),
      icon: th.value === theme ? Check : th.icon,
      onSelect: () => applyTheme(th.value),
      separatorBefore: i === 0,
      testId: `account-theme-${th.value}`,
    })),
    {
      label: t('signOut'),
      icon: LogOut,
      separatorBefore: true,
      testId: 'sign-out',
      onSelect: () => {
        // stay on the address the user is on (never next-auth's idea of the site URL)
        void signOut({ redirect: false })
          .catch(() => undefined)
          .then(() => window.location.assign('/login?ended=signed_out'));
      },
    },
  ];
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <Menu
      items={items}
      contentTestId="account-menu"
      header={
        <>
          <span className={styles.accountName}>{name}</span>
          {email ? <span className={styles.accountEmail}>{email}</span> : null}
        </>
      }
      trigger={
        <button type="button" className={styles.accountTrigger} aria-label={t('account.open', { name })} data-testid="account-menu-button">
          {/* the initials are drawn by CSS (attr()), so the button's visible text is the name its label holds */}
          <span className={styles.avatar} data-initials={initials || '?'} aria-hidden />
          <span className={styles.accountTriggerName}>{name}</span>
        </button>
      }
    />
  );
}
