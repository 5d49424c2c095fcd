// Client of the central curriculum service (contract: docs/curriculum-service.md). The caller's bearer
// token is forwarded; every call is bounded by CURRICULUM_SERVICE_TIMEOUT_MS and never hangs.
import { z } from 'zod';
import { config } from '@/lib/config';

export type UpstreamFailure = 'not_configured' | 'unreachable' | 'timeout' | 'unauthorized' | 'not_found' | 'bad_status' | 'bad_payload';

export class CurriculumServiceError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CurriculumServiceError';
  }
}

function baseUrl(): string {
  const url = config().curriculumServiceUrl;
  if (!url) throw new CurriculumServiceError('not_configured', 'Curriculum service is not configured (CURRICULUM_SERVICE_URL)');
  return url;
}

/** GET a path of the central service; throws CurriculumServiceError on any failure. */
async function get(path: string, token: string | undefined, timeoutMs = config().curriculumServiceTimeoutMs): Promise<Response> {
  const url = `${baseUrl()}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
      cache: 'no-store',
    });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new CurriculumServiceError('timeout', `Curriculum service did not answer within ${timeoutMs} ms`);
    }
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new CurriculumServiceError('unreachable', `Curriculum service is unreachable: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new CurriculumServiceError('unauthorized', `Curriculum service refused the token (${res.status})`, res.status);
  }
  if (res.status === 404) {
    await res.body?.cancel();
    throw new CurriculumServiceError('not_found', 'Not found at the curriculum service', 404);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new CurriculumServiceError('bad_status', `Curriculum service answered ${res.status}`, res.status);
  }
  return res;
}

async function getJson(path: string, token: string | undefined): Promise<unknown> {
  const res = await get(path, token);
  try {
    return await res.json();
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new CurriculumServiceError('timeout', `Curriculum service did not answer within ${config().curriculumServiceTimeoutMs} ms`);
    }
    throw new CurriculumServiceError('bad_payload', 'Curriculum service sent a body that is not JSON');
  }
}

function dataOf(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('data' in body)) {
    throw new CurriculumServiceError('bad_payload', 'Curriculum service sent a body without data');
  }
  return body.data;
}

/** `GET /health` → connected or the reason why not. */
/** The success data of GET /api/curriculum/status. */
export const healthSchema = z.union([z.object({ connected: z.literal(true) }), z.object({ connected: z.literal(false), error: z.string() })]);

export async function checkHealth(token: string | undefined): Promise<z.infer<typeof healthSchema>> {
  try {
    const res = await get('/health', token, Math.min(config().curriculumServiceTimeoutMs, 5_000));
    await res.body?.cancel();
    return { connected: true };
  } catch (err) {
    if (err instanceof CurriculumServiceError) return { connected: false, error: err.message };
    throw err;
  }
}

/** `GET /frameworks` → the raw list (validated per item by the sync). */
export async function fetchFrameworks(token: string | undefined): Promise<unknown[]> {
  const data = dataOf(await getJson('/frameworks', token));
  if (!Array.isArray(data)) throw new CurriculumServiceError('bad_payload', 'Curriculum service sent frameworks that are not a list');
  return data;
}

/** `GET /frameworks/{code}` → the framework with its stages, grades, subjects, units, topics, objectives. */
export async function fetchFramework(code: string, token: string | undefined): Promise<Record<string, unknown>> {
  const data = dataOf(await getJson(`/frameworks/${encodeURIComponent(code)}`, token));
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new CurriculumServiceError('bad_payload', 'Curriculum service sent a framework that is not an object');
  }
  return data as Record<string, unknown>;
}
