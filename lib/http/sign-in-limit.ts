// The browser's own sign-in (the sign-in form → next-auth's credentials callback) counts FAILED attempts, per
// account and per client address, over the same 15-minute fixed window as the tiers, shared by all instances
// through Redis (the in-process fallback while it is down). The spec's AUTH tier (10 requests per IP) stays on
// POST /api/auth/login and /api/auth/refresh only: on the form it locked out a class behind one school address at
// its 11th pupil, right password or not (issue 23 item 11).
//
// - per account (the email typed, lower-cased, hashed): SIGNIN_ACCOUNT_FAILURES (default 10) wrong passwords, then
//   that account is refused until its window ends — password guessing against one pupil stops there;
// - per address: SIGNIN_ADDRESS_FAILURES (default 100) failures of any accounts, then the address is refused —
//   guessing across many accounts from one place stops there, while a whole school's typos fit.
// A successful sign-in counts in neither (it also clears its own account's failures); an attempt the identity
// provider could not answer, or that never reached it (a bad CSRF token), counts in neither.
//
// Every attempt takes its place in both windows BEFORE the password is checked (one atomic INCR each) and gives it
// back once it turns out not to be a failure: a burst of concurrent guesses cannot all slip past a check made
// before any of them was counted.
import { createHash } from 'node:crypto';
import { keys } from '@/lib/cache';
import { config } from '@/lib/config';
import { clearHits, hit, RATE_WINDOW_MS, unhit } from './rate-limit';

export type SignInScope = 'account' | 'address';

export interface SignInRefusal {
  scope: SignInScope;
  /** seconds until the window that refused ends */
  retryAfter: number;
  /** the spec-style English sentence (the form shows its own translation from scope and retryAfter) */
  message: string;
  headers: Record<string, string>;
}

export interface SignInAttempt {
  /** the credentials were right: the address gets its place back and the account's failures are forgotten */
  succeeded(): Promise<void>;
  /** the credentials were refused: the places stay taken */
  failed(): Promise<void>;
  /** no verdict on the credentials (provider unreachable, bad CSRF token …): both places are given back */
  undecided(): Promise<void>;
}

export const signInLimits = () => config().signInFailures;

const minutesText = (seconds: number) => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return m === 1 ? '1 minute' : `${m} minutes`;
};

export function signInRefusalMessage(scope: SignInScope, retryAfter: number): string {
  const who = scope === 'account' ? 'for this account' : 'from this network';
  return `Too many failed sign-ins ${who}. Try again in ${minutesText(retryAfter)}.`;
}

/** The account a sign-in names: the address as typed, trimmed and lower-cased, hashed (no address is stored in Redis). */
export function accountSubject(email: string): string | null {
  const normal = email.trim().toLowerCase();
  if (!normal) return null;
  return createHash('sha256').update(normal).digest('hex').slice(0, 40);
}

/**
 * Starts one browser sign-in: its place in the account's and the address's failure windows, or the refusal when
 * either window is already full (the longer wait is the one reported).
 */
export async function beginSignIn(email: string, ip: string): Promise<{ refusal: SignInRefusal } | { attempt: SignInAttempt }> {
  const limits = signInLimits();
  const account = accountSubject(email);
  const accountKey = account ? keys.signInFailures('account', account) : null;
  const addressKey = keys.signInFailures('address', ip);
  const [acct, addr] = await Promise.all([accountKey ? hit(accountKey, RATE_WINDOW_MS) : null, hit(addressKey, RATE_WINDOW_MS)]);
  const giveBack = async () => {
    await Promise.all([accountKey ? unhit(accountKey) : undefined, unhit(addressKey)]);
  };

  const over: { scope: SignInScope; max: number; resetMs: number }[] = [];
  if (acct && acct.count > limits.account) over.push({ scope: 'account', max: limits.account, resetMs: acct.resetMs });
  if (addr.count > limits.address) over.push({ scope: 'address', max: limits.address, resetMs: addr.resetMs });
  if (over.length) {
    // a refused attempt checks no password: it is no failure, and the counts stay at their limits
    await giveBack();
    const worst = over.reduce((a, b) => (b.resetMs > a.resetMs ? b : a));
    const retryAfter = Math.max(1, Math.ceil(worst.resetMs / 1000));
    return {
      refusal: {
        scope: worst.scope,
        retryAfter,
        message: signInRefusalMessage(worst.scope, retryAfter),
        headers: {
          'Retry-After': String(retryAfter),
          'RateLimit-Limit': String(worst.max),
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': String(retryAfter),
        },
      },
    };
  }

  let settled = false;
  const once = (fn: () => Promise<void>) => async () => {
    if (settled) return;
    settled = true;
    await fn();
  };
  return {
    attempt: {
      succeeded: once(async () => {
        await Promise.all([accountKey ? clearHits(accountKey) : undefined, unhit(addressKey)]);
      }),
      failed: once(async () => undefined),
      undecided: once(giveBack),
    },
  };
}

/** The sentences lib/auth/session.ts (authorize) refuses credentials with: these, and only these, are failures. */
const CREDENTIAL_FAILURES = new Set(['Invalid email or password', 'Account is disabled', 'CredentialsSignin']);

/**
 * What next-auth's answer to a credentials sign-in (json=true) says about the credentials: 200 with a URL and no
 * error is a success, 401 naming a refusal of the credentials is a failure; anything else gave no verdict.
 */
export function signInVerdict(status: number, body: unknown): 'success' | 'failure' | 'undecided' {
  const url = body && typeof body === 'object' && 'url' in body && typeof body.url === 'string' ? body.url : null;
  if (!url) return 'undecided';
  let error: string | null;
  try {
    error = new URL(url, 'http://x').searchParams.get('error');
  } catch {
    return 'undecided';
  }
  if (status === 200 && !error) return 'success';
  if (status === 401 && error && CREDENTIAL_FAILURES.has(error)) return 'failure';
  return 'undecided';
}
