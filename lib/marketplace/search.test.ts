import { describe, expect, it } from 'vitest';
import { machineNameFor, prefixTsQuery } from '@/lib/content/search';

describe('prefixTsQuery', () => {
  it('turns words into lowercase prefix terms joined with AND', () => {
    expect(prefixTsQuery('Alg  Geo')).toBe('alg:* & geo:*');
  });
  it('drops tsquery operators and punctuation', () => {
    expect(prefixTsQuery("a|b & !c:* 'd'")).toBe('a:* & b:* & c:* & d:*');
  });
  it('keeps letters of other scripts', () => {
    expect(prefixTsQuery('Ärger über')).toBe('ärger:* & über:*');
  });
  it('gives null for empty or operator-only text', () => {
    expect(prefixTsQuery(undefined)).toBeNull();
    expect(prefixTsQuery('  !&| ')).toBeNull();
  });
});

describe('machineNameFor', () => {
  it('maps slugs and keeps machine names', () => {
    expect(machineNameFor('multiple-choice')).toBe('H5P.MultiChoice');
    expect(machineNameFor('H5P.TrueFalse')).toBe('H5P.TrueFalse');
    expect(machineNameFor('H5P.TrueFalse 1.8')).toBe('H5P.TrueFalse');
  });
});
