import { describe, expect, it } from 'vitest';
import { ApiCallError } from '@/components/shared/api';
import { AI_ERROR_CODES } from '@/lib/ai/error-codes';
import { aiErrorCode, aiErrorText, type AiTranslator } from './shared';

// a translator that names the key and its values, so the test sees which sentence was chosen
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as AiTranslator;

describe('aiErrorText', () => {
  it('chooses the sentence by the machine code the server named, not by the text', () => {
    expect(aiErrorText(t, new ApiCallError('AI generation limit reached', 429, AI_ERROR_CODES.limit))).toBe('errors.limit');
    expect(aiErrorText(t, new ApiCallError('Quota de contenus dépassé', 429, AI_ERROR_CODES.quota))).toBe('errors.quota');
    expect(aiErrorText(t, new ApiCallError('Content not found', 404, AI_ERROR_CODES.notFound))).toBe('errors.notFound');
    expect(aiErrorText(t, new ApiCallError('Too many requests. Please try again later.', 429, AI_ERROR_CODES.rate))).toBe('errors.rate');
    expect(aiErrorText(t, new ApiCallError('AI generation is not configured', 503, AI_ERROR_CODES.notConfigured))).toBe('errors.notConfigured');
  });

  it('takes the details from the text: the provider\'s reason, the plan, the type', () => {
    expect(aiErrorText(t, new ApiCallError('AI provider is unavailable: timeout', 502, AI_ERROR_CODES.unavailable))).toBe('errors.unavailable {"detail":"timeout"}');
    expect(aiErrorText(t, new ApiCallError('AI provider is unavailable', 502, AI_ERROR_CODES.unavailable))).toBe('errors.unavailable {"detail":"AI provider is unavailable"}');
    expect(aiErrorText(t, new ApiCallError('This feature requires the Pro plan or higher', 403, AI_ERROR_CODES.plan))).toBe('errors.plan {"plan":"Pro"}');
    const missing = new ApiCallError('Content type H5P.Blanks is not installed', 400, 'content_type_h5p_blanks_is_not_installed');
    expect(aiErrorText(t, missing)).toBe('errors.notInstalled {"type":"types.blanks"}');
    expect(aiErrorText(t, new ApiCallError('Content type H5P.Timeline cannot be generated yet', 400, 'content_type_h5p_timeline_cannot_be_generated_yet'))).toBe('errors.typeNotGenerable');
  });

  it('reads a text a job recorded by the code the server derives from it', () => {
    expect(aiErrorText(t, 'AI provider returned invalid content')).toBe('errors.invalid');
    expect(aiErrorCode('Job not found')).toBe(AI_ERROR_CODES.jobNotFound);
  });

  it('shows the text of anything else', () => {
    expect(aiErrorText(t, new TypeError('Failed to fetch'))).toBe('errors.generic {"error":"Failed to fetch"}');
    expect(aiErrorText(t, new Error('AI generation limit reached'))).toBe('errors.generic {"error":"AI generation limit reached"}');
    expect(aiErrorText(t, new ApiCallError('Validation error: topic: Required', 400, 'validation_error'))).toBe('errors.generic {"error":"Validation error: topic: Required"}');
    expect(aiErrorCode(new Error('x'))).toBe('');
  });
});
