'use client';
// Browser-side calls to the API, for every component (one helper: the session-ended notice and the envelope's
// error text are handled once). The browser holds only the httpOnly session cookie (sent with every same-origin
// request); it never holds a token. A 401 means the session has ended: the page is told (SessionNotice) so the
// user sees why and can sign in again without losing what they were doing.
export interface Envelope<T> {
  success: boolean;
  data: T;
  error?: string;
  message?: string;
  total?: number;
  [k: string]: unknown;
}

export const SESSION_ENDED_EVENT = 'lumen:session-ended';

/** Tells the page that the session has ended (shown by components/auth/SessionNotice.tsx). */
export function reportSessionEnded(): void {
  window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT));
}

/** fetch() with the session cookie; reports an ended session. */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(path, { credentials: 'same-origin', ...init });
  if (res.status === 401) reportSessionEnded();
  return res;
}

/** A refused call: the envelope's text (the plan gate's sentence) with the status and the machine code (X-Error-Code). */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** the machine code the server names (lib/errors: a catalogue entry's code); '' when the answer carried none */
    readonly code: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export async function callApi<T = unknown>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const res = await apiFetch(path, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({ success: false, error: `HTTP ${res.status}` }))) as Envelope<T>;
  // a plan gate answers error feature_not_available with a sentence in message: show the sentence
  if (!res.ok || !json.success) {
    const text = (json.error === 'feature_not_available' && json.message) || json.error || `HTTP ${res.status}`;
    throw new ApiCallError(text, res.status, res.headers.get('x-error-code') ?? '');
  }
  return json;
}
