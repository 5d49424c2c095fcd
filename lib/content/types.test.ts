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
  it('derives a slug for any other machine name, so every installed type has one', () => {
    expect(contentTypeSlug('H5P.Agamotto 1.5')).toBe('agamotto');
    expect(contentTypeSlug('H5P.Audio 1.5')).toBe('audio');
    expect(contentTypeSlug('H5P.ImageHotspotQuestion 1.8')).toBe('imagehotspotquestion');
    expect(contentTypeSlug('H5P.Unheard 1.0')).toBe('unheard');
    expect(contentTypeSlug('Vendor.My_Type 2.0')).toBe('my-type');
  });
  it('keeps the mapped slugs, under the Hub’s real machine names', () => {
    expect(contentTypeSlug('H5P.Dialogcards 1.9')).toBe('dialog-cards');
    expect(ESSENTIAL_CONTENT_TYPES).toContain('H5P.Dialogcards');
    expect(ESSENTIAL_CONTENT_TYPES).not.toContain('H5P.DialogCards');
  });
  it('gives unknown for a value that is not a library machine name', () => {
    expect(contentTypeSlug(null)).toBe('unknown');
    expect(contentTypeSlug('')).toBe('unknown');
    expect(contentTypeSlug('nodot')).toBe('unknown');
    expect(contentTypeSlug('H5P.')).toBe('unknown');
  });
});
