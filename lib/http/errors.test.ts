import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { mapError } from './errors';

describe('mapError', () => {
  it('keeps AppError status, text and extra members', () => {
    expect(mapError(new AppError(403, 'feature_not_available', { requiredPlan: 'pro' }), 'x')).toEqual({
      code: "feature_not_available",
      status: 403,
      body: { success: false, error: 'feature_not_available', requiredPlan: 'pro' },
      unexpected: false,
    });
  });
  it('turns zod errors into 400 Validation error: <details>', () => {
    const r = z.object({ email: z.email() }).safeParse({ email: 'nope' });
    const m = mapError(r.error, 'x');
    expect(m.status).toBe(400);
    expect(m.body.error).toMatch(/^Validation error: email: /);
  });
  it('maps unknown failures to 500 Failed to <action> without the cause', () => {
    const m = mapError(new Error('connection string postgres://secret@db'), 'get frameworks');
    expect(m).toEqual({ status: 500, body: { success: false, error: 'Failed to get frameworks' }, code: 'internal_error', unexpected: true });
  });
  it('treats a request the client aborted as the client’s doing, not a failure to log', () => {
    const m = mapError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), 'record statements');
    expect(m).toEqual({ status: 400, body: { success: false, error: 'Validation error: the request was aborted by the client' }, code: 'validation_error', unexpected: false });
    expect(mapError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'a').status).toBe(500);
  });
  it('maps Prisma not-found and unique violations', () => {
    expect(mapError(Object.assign(new Error('x'), { code: 'P2025' }), 'a').status).toBe(404);
    expect(mapError(Object.assign(new Error('x'), { code: 'P2002' }), 'a').status).toBe(409);
  });
});

describe('machine codes (X-Error-Code)', () => {
  it('derives a stable code from the spec text, or takes the catalogue entry’s', async () => {
    const { errorCodeOf, apiError } = await import('@/lib/errors');
    expect(errorCodeOf('Content not found')).toBe('content_not_found');
    expect(errorCodeOf('Validation error: title: Required')).toBe('validation_error');
    expect(errorCodeOf('AI provider is unavailable: timeout')).toBe('ai_provider_is_unavailable');
    expect(errorCodeOf('Too many requests. Please try again later.')).toBe('too_many_requests');
    expect(errorCodeOf('Content type H5P.BranchingScenario is not installed')).toBe('content_type_h5p_branchingscenario_is_not_installed');
    expect(mapError(AppError.of(apiError(404, 'platform_missing', 'Platform not found')), 'x')).toMatchObject({ status: 404, code: 'platform_missing', body: { success: false, error: 'Platform not found' } });
    expect(mapError(AppError.of(apiError(502, 'ai_unavailable', 'AI provider is unavailable'), 'timeout'), 'x').body.error).toBe('AI provider is unavailable: timeout');
  });
  it('names validation, Prisma and unexpected failures', () => {
    const r = z.object({ a: z.string() }).safeParse({});
    expect(mapError(r.error, 'x').code).toBe('validation_error');
    expect(mapError(Object.assign(new Error('x'), { code: 'P2025' }), 'a').code).toBe('not_found');
    expect(mapError(new Error('boom'), 'a').code).toBe('internal_error');
  });
});
