import { describe, expect, it } from 'vitest';
import { licenceDisplay, licenceOf } from './licence';

describe('licenceOf', () => {
  it('joins the code and its version', () => {
    expect(licenceOf({ license: 'CC BY-SA', licenseVersion: '4.0' })).toBe('CC BY-SA 4.0');
    expect(licenceOf({ license: 'CC BY' })).toBe('CC BY');
  });
  it('keeps word licences without a version', () => {
    expect(licenceOf({ license: 'U', licenseVersion: '4.0' })).toBe('U');
    expect(licenceOf({ license: 'C' })).toBe('C');
  });
  it('gives null without a licence', () => {
    expect(licenceOf({})).toBeNull();
    expect(licenceOf(null)).toBeNull();
    expect(licenceOf({ license: ' ' })).toBeNull();
    expect(licenceOf([])).toBeNull();
  });
});

describe('licenceDisplay', () => {
  it('names word licences and keeps codes', () => {
    expect(licenceDisplay('U')).toEqual({ word: 'undisclosed' });
    expect(licenceDisplay('PD')).toEqual({ word: 'publicDomain' });
    expect(licenceDisplay('CC BY 4.0')).toEqual({ code: 'CC BY 4.0' });
    expect(licenceDisplay(null)).toBeNull();
    expect(licenceDisplay('')).toBeNull();
  });
});
