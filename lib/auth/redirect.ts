// Where the sign-in page may send the browser afterwards: a path of this site, nothing else. Browsers treat a
// backslash as a slash and drop tabs and newlines inside URLs, so `/\evil.example` or `/<TAB>/evil.example` would
// leave the site although they start with one slash; they are refused like `//evil.example` and absolute URLs.
export const DEFAULT_AFTER_SIGN_IN = '/workspace';

export function safeNextPath(next: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.length > 2000) return fallback;
  // control characters (tab, newline …) and backslashes have no place in a path we issue
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  if (next.startsWith('//')) return fallback;
  try {
    const base = 'http://same.invalid';
    const u = new URL(next, base);
    if (u.origin !== base) return fallback;
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return fallback;
  }
}
