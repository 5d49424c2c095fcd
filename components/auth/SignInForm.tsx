'use client';
// The sign-in form. It posts to next-auth's credentials callback itself (CSRF token, then the form), rather than
// through next-auth's signIn(): that one throws on any answer without a redirect URL (a 429, a 5xx, a proxy's HTML
// page) and on a network error, and the form then stayed on "Signing in…" for good. Here every way a sign-in can
// end re-enables the button with a message: a refusal of the credentials, a refusal for too many failed sign-ins
// (its reason and the wait, from Retry-After), a server error, a network error, and no answer within
// SIGN_IN_TIMEOUT_MS. The server's known English sentences are shown in the reader's language.
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui';
import styles from './SignInForm.module.css';

/** the sentences lib/auth/session.ts (authorize) answers with, and their message keys */
const KNOWN_ERRORS = {
  'Invalid email or password': 'invalid',
  'Account is disabled': 'disabled',
  'Sign-in is unavailable right now. Please try again later.': 'unavailable',
} as const;
const knownError = (e: string): e is keyof typeof KNOWN_ERRORS => Object.hasOwn(KNOWN_ERRORS, e);

/** no answer to the whole sign-in (CSRF token and credentials) within this: the form says so and can be used again */
const SIGN_IN_TIMEOUT_MS = 20_000;

type Outcome =
  | { kind: 'ok' }
  | { kind: 'refused'; error: string }
  | { kind: 'tooMany'; scope: 'account' | 'address' | null; retryAfter: number | null }
  | { kind: 'server' }
  | { kind: 'network' }
  | { kind: 'timeout' };

async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  const body: unknown = await res.json().catch(() => null);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

export async function postSignIn(email: string, password: string, callbackUrl: string, signal: AbortSignal): Promise<Outcome> {
  const csrfRes = await fetch('/api/auth/csrf', { cache: 'no-store', signal });
  const csrfToken = csrfRes.ok ? (await jsonOf(csrfRes))?.csrfToken : undefined;
  if (typeof csrfToken !== 'string') return { kind: 'server' };
  const res = await fetch('/api/auth/callback/credentials', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl, json: 'true' }),
    cache: 'no-store',
    signal,
  });
  const body = await jsonOf(res);
  if (res.status === 429) {
    const header = Number(res.headers.get('retry-after'));
    const retryAfter = Number.isFinite(header) && header > 0 ? header : typeof body?.retryAfter === 'number' ? body.retryAfter : null;
    const scope = body?.reason === 'account' || body?.reason === 'address' ? body.reason : null;
    return { kind: 'tooMany', scope, retryAfter };
  }
  if (res.status >= 500 || !body) return { kind: 'server' };
  let error: string | null = null;
  if (typeof body.url === 'string') {
    try {
      error = new URL(body.url, window.location.origin).searchParams.get('error');
    } catch {
      return { kind: 'server' };
    }
  } else if (typeof body.error === 'string') error = body.error;
  if (res.ok && typeof body.url === 'string' && !error) return { kind: 'ok' };
  return { kind: 'refused', error: error ?? '' };
}

export function SignInForm({ next, forgotHref, email }: { next: string; forgotHref?: string; email?: string }) {
  const router = useRouter();
  const t = useTranslations('auth');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function messageOf(outcome: Exclude<Outcome, { kind: 'ok' }>): string {
    switch (outcome.kind) {
      case 'tooMany': {
        if (!outcome.scope) return t('errors.tooMany');
        const minutes = Math.max(1, Math.ceil((outcome.retryAfter ?? 900) / 60));
        return t(outcome.scope === 'account' ? 'errors.tooManyAccount' : 'errors.tooManyAddress', { minutes });
      }
      case 'refused':
        // next-auth's generic code for a refused credentials sign-in says no more than a wrong password
        if (!outcome.error || outcome.error === 'CredentialsSignin') return t('errors.invalid');
        return knownError(outcome.error) ? t(`errors.${KNOWN_ERRORS[outcome.error]}`) : outcome.error;
      case 'server':
        return t('errors.server');
      case 'network':
        return t('errors.network');
      case 'timeout':
        return t('errors.timeout');
    }
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const timeout = AbortSignal.timeout(SIGN_IN_TIMEOUT_MS);
    let outcome: Outcome;
    try {
      outcome = await postSignIn(
        (form.get('email') as string | null) ?? '',
        (form.get('password') as string | null) ?? '',
        new URL(next, window.location.origin).toString(),
        timeout,
      );
    } catch {
      // an aborted fetch (the timeout) or one that never reached the server (offline, connection reset)
      outcome = timeout.aborted ? { kind: 'timeout' } : { kind: 'network' };
    }
    if (outcome.kind === 'ok') {
      // the button stays busy while the next page loads
      router.replace(next);
      router.refresh();
      return;
    }
    setBusy(false);
    setError(messageOf(outcome));
  }

  return (
    <form onSubmit={onSubmit} aria-label={t('form.label')} aria-busy={busy}>
      <label htmlFor="email">{t('form.email')}</label>
      <input id="email" name="email" type="email" autoComplete="username" required defaultValue={email} />
      <label htmlFor="password">{t('form.password')}</label>
      <input id="password" name="password" type="password" autoComplete="current-password" required />
      {forgotHref ? (
        <p className={styles.forgot}>
          <a href={forgotHref} data-testid="forgot-password-link">
            {t('forgot.link')}
          </a>
        </p>
      ) : null}
      <Button variant="primary" type="submit" loading={busy} className={styles.submit}>
        {busy ? t('form.busy') : t('form.submit')}
      </Button>
      {error ? (
        <p className="error" role="alert" data-testid="sign-in-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
