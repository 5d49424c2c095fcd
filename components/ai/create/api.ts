'use client';
// The calls and answers of "Create with AI" (components/ai/CreateWithAi.tsx): a draft from the generation routes,
// an AI job (PDF, video) and its state, and a multipart POST with the session cookie (callApi sends JSON only).
import { ApiCallError, apiFetch, type Envelope } from '@/components/shared/api';
import type { JobStatus, JobView } from '@/lib/ai/jobs';
import type { AiCredits } from '../shared';

export interface Draft {
  library: string;
  params: Record<string, unknown>;
  metadata: { title: string; language: string };
  /** Image Hotspots: the uploaded image, held as a temporary file until the draft is saved */
  tempImageFiles?: string[];
}
export interface Generated {
  contentId: string | null;
  draft: Draft;
  credits: AiCredits;
  /** a web page's address and title (POST /api/ai/generate/url) */
  source?: { url: string; title: string };
}

// a job as GET /api/ai/jobs/{jobId} answers it: inferred from the route's response schema, never copied by hand
export type { JobStatus };
export type Job = JobView;
export const ACTIVE: JobStatus[] = ['queued', 'running'];

/** A multipart POST (files and fields) with the session cookie; the API's error thrown as callApi throws it (ApiCallError: the text or a plan gate's sentence, the status, the machine code). */
export async function postForm<T>(path: string, form: FormData): Promise<Envelope<T>> {
  const res = await apiFetch(path, { method: 'POST', body: form });
  const json = (await res.json().catch(() => ({ success: false, error: res.status === 413 ? 'File too large' : `HTTP ${res.status}` }))) as Envelope<T>;
  if (!res.ok || !json.success) {
    const text = (json.error === 'feature_not_available' && json.message) || json.error || `HTTP ${res.status}`;
    throw new ApiCallError(text, res.status, res.headers.get('x-error-code') ?? '');
  }
  return json;
}
