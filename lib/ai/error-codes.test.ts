import { describe, expect, it } from 'vitest';
import { errorCodeOf } from '@/lib/errors';
import { AI_LIMIT_REACHED } from '@/lib/ai/credits';
import { AI_INVALID, AI_NOT_CONFIGURED, AI_UNAVAILABLE } from '@/lib/ai/client';
import { JOB_NOT_FOUND } from '@/lib/ai/jobs';
import { CONTENT_QUOTA_EXCEEDED } from '@/lib/plans/quota';
import { CONTENT_NOT_FOUND } from '@/lib/h5p/content/access';
import { RATE_LIMIT_MESSAGES } from '@/lib/http/rate-limit';
import { AI_ERROR_CODES, AI_ERROR_CODE_SHAPES } from './error-codes';
import { AI_ERR } from './errors';

// the browser (components/ai/shared.ts aiErrorText) picks its sentence by these codes: each must be the code the
// server names in X-Error-Code for the text it throws
describe('AI error codes', () => {
  it('are the codes of the texts the server throws', () => {
    expect(errorCodeOf(AI_LIMIT_REACHED)).toBe(AI_ERROR_CODES.limit);
    expect(errorCodeOf(CONTENT_QUOTA_EXCEEDED)).toBe(AI_ERROR_CODES.quota);
    expect(errorCodeOf(AI_INVALID)).toBe(AI_ERROR_CODES.invalid);
    expect(errorCodeOf(AI_UNAVAILABLE)).toBe(AI_ERROR_CODES.unavailable);
    expect(errorCodeOf(`${AI_UNAVAILABLE}: timeout`)).toBe(AI_ERROR_CODES.unavailable);
    expect(errorCodeOf(AI_NOT_CONFIGURED)).toBe(AI_ERROR_CODES.notConfigured);
    expect(errorCodeOf('Teacher access required')).toBe(AI_ERROR_CODES.teacher);
    expect(errorCodeOf(CONTENT_NOT_FOUND)).toBe(AI_ERROR_CODES.notFound);
    expect(errorCodeOf(RATE_LIMIT_MESSAGES.AI)).toBe(AI_ERROR_CODES.rate);
    expect(errorCodeOf(RATE_LIMIT_MESSAGES.API)).toBe(AI_ERROR_CODES.rate);
    expect(errorCodeOf('feature_not_available')).toBe(AI_ERROR_CODES.plan);
    expect(errorCodeOf('File too large')).toBe(AI_ERROR_CODES.fileTooLarge);
    expect(errorCodeOf(JOB_NOT_FOUND)).toBe(AI_ERROR_CODES.jobNotFound);
    expect(errorCodeOf('Item already exists')).toBe(AI_ERROR_CODES.itemExists);
  });

  it('recognise the texts that name a content type by their shape', () => {
    expect(errorCodeOf('Content type H5P.MultiChoice is not installed')).toMatch(AI_ERROR_CODE_SHAPES.notInstalled);
    expect(errorCodeOf('Content type H5P.Timeline cannot be generated yet')).toMatch(AI_ERROR_CODE_SHAPES.typeNotGenerable);
    expect(errorCodeOf('Content type H5P.MultiChoice is not installed')).not.toMatch(AI_ERROR_CODE_SHAPES.typeNotGenerable);
  });

  it('are the codes the catalogue names: a templated text keeps one fixed code, any other text its own', () => {
    expect(AI_ERR.typeNotInstalled.code).toMatch(AI_ERROR_CODE_SHAPES.notInstalled);
    expect(AI_ERR.typeNotGenerable.code).toMatch(AI_ERROR_CODE_SHAPES.typeNotGenerable);
    for (const e of Object.values(AI_ERR)) if (!e.error.includes('<')) expect(e.code, e.error).toBe(errorCodeOf(e.error));
  });
});
