'use client';
import { signOut } from 'next-auth/react';

export function SignOutButton({ label }: { label: string }) {
  return (
    <button
      className="link"
      type="button"
      onClick={async () => {
        // stay on the address the user is on (never next-auth's idea of the site URL)
        await signOut({ redirect: false }).catch(() => undefined);
        window.location.assign('/login?ended=signed_out');
      }}
    >
      {label}
    </button>
  );
}
