'use client';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
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
    setError(res?.status === 429 ? 'Too many authentication attempts. Please try again later.' : res?.error || 'Invalid email or password');
  }

  return (
    <form onSubmit={onSubmit} aria-label="Sign in">
      <label htmlFor="email">Email</label>
      <input id="email" name="email" type="email" autoComplete="username" required />
      <label htmlFor="password">Password</label>
      <input id="password" name="password" type="password" autoComplete="current-password" required />
      <button className="primary" type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      {error ? (
        <p className="error" role="alert" data-testid="sign-in-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
