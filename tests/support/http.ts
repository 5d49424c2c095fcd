// Calls the running app over real HTTP. Each call comes from its own client IP (X-Forwarded-For with
// TRUST_PROXY=true) unless the test names one, so rate limits only bite where a test means them to.
import { randomInt } from 'node:crypto';
import { inject } from 'vitest';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface CallOptions {
  token?: string;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
  base?: string;
}

export async function api<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { 'X-Forwarded-For': opts.ip ?? randomIp(), ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    if (typeof opts.body === 'string' || opts.body instanceof FormData || opts.body instanceof Uint8Array) body = opts.body as BodyInit;
    else {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
  }
  const res = await fetch(`${opts.base ?? inject('appUrl')}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}
