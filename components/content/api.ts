// Browser-side calls to the /h5p API with the session cookie (components/shared/api.ts).
import { apiFetch, callApi } from '@/components/shared/api';

export async function h5pApi<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  return (await callApi<T>(method, path, body)).data;
}

/** Downloads a binary endpoint as a file (export, SCORM export); `failed` words a refusal without a server text. */
export async function download(path: string, fallbackName: string, failed: (status: number) => string): Promise<void> {
  const res = await apiFetch(path);
  if (!res.ok) {
    const j = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new Error((j.error === 'feature_not_available' && j.message) || j.error || failed(res.status));
  }
  const cd = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(cd)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
