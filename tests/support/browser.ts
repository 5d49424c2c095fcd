// A browser's sign-in over real HTTP: next-auth's CSRF token, then the credentials callback, which answers with
// the session cookie. Later calls send only that cookie, as a browser on our pages does.
import { inject } from 'vitest';
import { api, randomIp, type ApiResponse, type CallOptions } from './http';

function cookiesOf(res: Response | ApiResponse): string[] {
  const h = res.headers as Headers & { getSetCookie?: () => string[] };
  return (h.getSetCookie?.() ?? []).map((c) => c.split(';')[0] ?? '').filter(Boolean);
}

export interface BrowserSession {
  cookie: string;
  ip: string;
  /** a call with the session cookie (and our own Origin on state-changing calls) */
  call<T = any>(method: string, path: string, opts?: CallOptions): Promise<ApiResponse<T>>;
}

export async function browserSignIn(email: string, password: string): Promise<BrowserSession> {
  const base = inject('appUrl');
  const ip = randomIp();
  const csrfRes = await fetch(`${base}/api/auth/csrf`, { headers: { 'X-Forwarded-For': ip } });
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = new Map(cookiesOf(csrfRes).map((c) => [c.slice(0, c.indexOf('=')), c]));
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: [...jar.values()].join('; '), 'X-Forwarded-For': ip, Origin: base },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
  });
  for (const c of cookiesOf(res)) jar.set(c.slice(0, c.indexOf('=')), c);
  const session = [...jar.entries()].find(([k]) => k.endsWith('next-auth.session-token'));
  if (!session) throw new Error(`browser sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = [...jar.values()].join('; ');
  return {
    cookie,
    ip,
    call: (method, path, opts = {}) =>
      api(method, path, {
        ip,
        ...opts,
        headers: { Cookie: cookie, ...(method === 'GET' || method === 'HEAD' ? {} : { Origin: base }), ...opts.headers },
      }),
  };
}
