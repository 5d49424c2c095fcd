'use client';
import { signOut } from 'next-auth/react';

export function SignOutButton() {
  return (
    <button className="link" type="button" onClick={() => signOut({ callbackUrl: '/login' })}>
      Sign out
    </button>
  );
}
