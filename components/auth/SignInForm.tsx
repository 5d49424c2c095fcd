'use client';
// The sign-in form. The server's texts for a refused sign-in (the spec's English sentences) are shown in the
// reader's language when they are known ones, else as they come; errors stay inline under the form.
import { signIn } from 'next-auth/react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

/** the sentences lib/auth/session.ts (authorize) answers with, and their message keys */
const KNOWN_ERRORS = {
  'Invalid email or password': 'invalid',
  'Account is disabled': 'disabled',
  'Sign-in is unavailable right now. Please try again later.': 'unavailable',
} as const;
const knownError = (e: string): e is keyof typeof KNOWN_ERRORS => Object.hasOwn(KNOWN_ERRORS, e);

export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const t = useTranslations('auth');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const res = await signIn('credentials', {
      email: (form.get('email') as string | null) ?? '',
      password: (form.get('password') as string | null) ?? '',
      redirect: false,
    });
    if (res?.ok && !res.error) {
      router.replace(next);
      router.refresh();
      return;
    }
    setBusy(false);
    const said = res?.error ?? '';
    // next-auth's generic code for a refused credentials sign-in says no more than a wrong password
    if (res?.status === 429) setError(t('errors.tooMany'));
    else if (!said || said === 'CredentialsSignin') setError(t('errors.invalid'));
    else setError(knownError(said) ? t(`errors.${KNOWN_ERRORS[said]}`) : said);
  }

  return (
    <form onSubmit={onSubmit} aria-label={t('form.label')}>
      <label htmlFor="email">{t('form.email')}</label>
      <input id="email" name="email" type="email" autoComplete="username" required />
      <label htmlFor="password">{t('form.password')}</label>
      <input id="password" name="password" type="password" autoComplete="current-password" required />
      <button className="primary" type="submit" disabled={busy}>
        {busy ? t('form.busy') : t('form.submit')}
      </button>
      {error ? (
        <p className="error" role="alert" data-testid="sign-in-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
