'use client';
// The error page of any route: what happened in plain words, a retry, and a way home. The cause is logged on the
// server (never shown here); the digest lets support find it.
import Link from 'next/link';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main">
      <section className="card" role="alert" data-testid="error-page">
        <h1>Something went wrong</h1>
        <p>The page could not be shown. Please try again; if it keeps happening, tell your administrator{error.digest ? ` (reference ${error.digest})` : ''}.</p>
        <p>
          <button type="button" onClick={reset}>
            Try again
          </button>{' '}
          <Link href="/workspace">Go to your workspace</Link>
        </p>
      </section>
    </main>
  );
}
