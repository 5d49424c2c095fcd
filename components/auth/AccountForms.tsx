'use client';
// The public account forms of the embedded identity provider (issue 27 item 5): accepting an invitation (name and
// password, then signed in), "forgot password" (the same answer for any address) and a new password by reset link.
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui';
import { postSignIn } from './SignInForm';
import styles from './SignInForm.module.css';

const MIN = 8;

const field = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

async function post(path: string, body: unknown): Promise<{ ok: boolean; error?: string; data?: any }> {
  const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), cache: 'no-store' });
  const json = (await res.json().catch(() => null)) as { success?: boolean; error?: string; data?: unknown } | null;
  if (res.status === 429) return { ok: false, error: 'tooMany' };
  return res.ok && json?.success ? { ok: true, data: json.data } : { ok: false, error: json?.error ?? `HTTP ${res.status}` };
}

/** password and its confirmation: the first problem's message key, or null */
function passwordProblem(password: string, confirm: string): 'account.tooShort' | 'account.mismatch' | null {
  if (password.length < MIN) return 'account.tooShort';
  if (password !== confirm) return 'account.mismatch';
  return null;
}

export function AcceptInviteForm({ token, email, setsPassword }: { token: string; email: string; setsPassword: boolean }) {
  const t = useTranslations('auth');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = field(form, 'name').trim();
    const password = field(form, 'password');
    if (!name) return setError(t('account.nameRequired'));
    if (setsPassword) {
      const problem = passwordProblem(password, field(form, 'confirm'));
      if (problem) return setError(t(problem, { min: MIN }));
    }
    setBusy(true);
    setError(null);
    const res = await post(`/api/invitations/${token}`, setsPassword ? { name, password } : { name });
    if (!res.ok) {
      setBusy(false);
      return setError(res.error === 'tooMany' ? t('errors.tooMany') : (res.error ?? t('errors.server')));
    }
    if (!setsPassword) {
      setBusy(false);
      return setDone(true);
    }
    // the account exists: sign in with it and go to the workspace
    const outcome = await postSignIn(email, password, new URL('/workspace', window.location.origin).toString(), AbortSignal.timeout(20_000)).catch(() => null);
    if (outcome?.kind === 'ok') {
      router.replace('/workspace');
      router.refresh();
      return;
    }
    router.replace(`/login?joined=1&email=${encodeURIComponent(email)}`);
  }

  if (done) {
    return (
      <p className="notice" role="status" data-testid="invite-accepted">
        {t('invite.acceptedIdp')}
      </p>
    );
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={t('invite.form')} aria-busy={busy} noValidate data-testid="invite-form">
      <label htmlFor="invite-email">{t('form.email')}</label>
      <input id="invite-email" type="email" value={email} readOnly autoComplete="username" />
      <label htmlFor="invite-name">{t('account.name')}</label>
      <input id="invite-name" name="name" autoComplete="name" required maxLength={255} data-testid="invite-name" />
      {setsPassword ? (
        <>
          <label htmlFor="invite-password">{t('account.password')}</label>
          <input id="invite-password" name="password" type="password" autoComplete="new-password" required minLength={MIN} aria-describedby="invite-password-hint" data-testid="invite-password" />
          <p id="invite-password-hint" className="muted">
            {t('account.hint', { min: MIN })}
          </p>
          <label htmlFor="invite-confirm">{t('account.confirm')}</label>
          <input id="invite-confirm" name="confirm" type="password" autoComplete="new-password" required data-testid="invite-confirm" />
        </>
      ) : (
        <p className="muted">{t('invite.idpNote')}</p>
      )}
      <Button variant="primary" type="submit" loading={busy} className={styles.submit} data-testid="invite-accept">
        {t('invite.submit')}
      </Button>
      {error ? (
        <p className="error" role="alert" data-testid="account-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function ForgotPasswordForm() {
  const t = useTranslations('auth');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ mailConfigured: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = field(new FormData(e.currentTarget), 'email').trim();
    if (!email) return setError(t('forgot.emailRequired'));
    setBusy(true);
    setError(null);
    const res = await post('/api/auth/forgot-password', { email });
    setBusy(false);
    if (!res.ok) return setError(res.error === 'tooMany' ? t('errors.tooMany') : (res.error ?? t('errors.server')));
    setAnswer(res.data as { mailConfigured: boolean });
  }

  if (answer) {
    return (
      <p className="notice" role="status" data-testid="forgot-answer">
        {answer.mailConfigured ? t('forgot.sent') : t('forgot.askAdmin')}
      </p>
    );
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={t('forgot.title')} aria-busy={busy} noValidate>
      <label htmlFor="forgot-email">{t('form.email')}</label>
      <input id="forgot-email" name="email" type="email" autoComplete="username" required data-testid="forgot-email" />
      <Button variant="primary" type="submit" loading={busy} className={styles.submit} data-testid="forgot-submit">
        {t('forgot.submit')}
      </Button>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('auth');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = field(form, 'password');
    const problem = passwordProblem(password, field(form, 'confirm'));
    if (problem) return setError(t(problem, { min: MIN }));
    setBusy(true);
    setError(null);
    const res = await post('/api/auth/reset-password', { token, password });
    if (!res.ok) {
      setBusy(false);
      return setError(res.error === 'tooMany' ? t('errors.tooMany') : res.error === 'This link is invalid or has expired' ? t('reset.invalid') : (res.error ?? t('errors.server')));
    }
    router.replace('/login?reset=1');
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={t('reset.title')} aria-busy={busy} noValidate>
      <label htmlFor="reset-password">{t('account.newPassword')}</label>
      <input id="reset-password" name="password" type="password" autoComplete="new-password" required minLength={MIN} aria-describedby="reset-password-hint" data-testid="reset-password" />
      <p id="reset-password-hint" className="muted">
        {t('account.hint', { min: MIN })}
      </p>
      <label htmlFor="reset-confirm">{t('account.confirm')}</label>
      <input id="reset-confirm" name="confirm" type="password" autoComplete="new-password" required data-testid="reset-confirm" />
      <Button variant="primary" type="submit" loading={busy} className={styles.submit} data-testid="reset-submit">
        {t('reset.submit')}
      </Button>
      {error ? (
        <p className="error" role="alert" data-testid="account-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
