import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, mapError } from './errors';

describe('mapError', () => {
  it('keeps AppError status, text and extra members', () => {
    expect(mapError(new AppError(403, 'feature_not_available', { requiredPlan: 'pro' }), 'x')).toEqual({
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
    expect(m).toEqual({ status: 500, body: { success: false, error: 'Failed to get frameworks' }, unexpected: true });
  });
  it('treats a request the client aborted as the client’s doing, not a failure to log', () => {
    const m = mapError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }), 'record statements');
    expect(m).toEqual({ status: 400, body: { success: false, error: 'Validation error: the request was aborted by the client' }, unexpected: false });
    expect(mapError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'a').status).toBe(500);
  });
  it('maps Prisma not-found and unique violations', () => {
    expect(mapError(Object.assign(new Error('x'), { code: 'P2025' }), 'a').status).toBe(404);
    expect(mapError(Object.assign(new Error('x'), { code: 'P2002' }), 'a').status).toBe(409);
  });
});
