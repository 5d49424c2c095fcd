import { describe, expect, it } from 'vitest';
import { CONTENT_TYPE_SLUGS, ESSENTIAL_CONTENT_TYPES, contentTypeSlug, machineNameOf } from './types';

describe('contentTypeSlug', () => {
  it('maps every essential content type', () => {
    for (const t of ESSENTIAL_CONTENT_TYPES) expect(CONTENT_TYPE_SLUGS[t]).toMatch(/^[a-z-]+$/);
  });
  it('reads the machine name of a versioned library string', () => {
    expect(machineNameOf('H5P.MultiChoice 1.16')).toBe('H5P.MultiChoice');
    expect(contentTypeSlug('H5P.MultiChoice 1.16')).toBe('multiple-choice');
  });
  it('gives unknown for unmapped or missing types', () => {
    expect(contentTypeSlug('H5P.Unheard 1.0')).toBe('unknown');
    expect(contentTypeSlug(null)).toBe('unknown');
  });
});
