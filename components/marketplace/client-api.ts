'use client';
// Browser-side calls to the API with the session's access token (next-auth keeps it server-side and the
// page passes it down). Answers the envelope; throws the error text on failure.
export interface Envelope<T> {
  success: boolean;
  data: T;
  error?: string;
  message?: string;
  total?: number;
  [k: string]: unknown;
}

export async function callApi<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({ success: false, error: `HTTP ${res.status}` }))) as Envelope<T>;
  if (!res.ok || !json.success) throw new Error(json.error ?? `HTTP ${res.status}`);
  return json;
}
