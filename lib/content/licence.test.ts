import { describe, expect, it } from 'vitest';
import { defaultLicenceVersion, forbidsDerivatives, h5pChangeDate, licenceDisplay, licenceOf, versionsOf } from './licence';

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

describe('forbidsDerivatives', () => {
  it('refuses the ND codes, with or without a version', () => {
    expect(forbidsDerivatives('CC BY-ND')).toBe(true);
    expect(forbidsDerivatives('CC BY-NC-ND 4.0')).toBe(true);
    expect(forbidsDerivatives('CC BY-ND 2.5')).toBe(true);
  });
  it('lets every other code through', () => {
    for (const c of ['CC BY', 'CC BY-SA 4.0', 'CC BY-NC-SA', 'CC0 1.0', 'CC PDM', 'GNU GPL v3', 'PD', 'ODC PDDL', 'C', 'U', null, undefined, '']) expect(forbidsDerivatives(c)).toBe(false);
  });
});

describe('versions and dates', () => {
  it("names the versions each code takes, as H5P's editor offers them", () => {
    expect(versionsOf('CC BY-SA')).toEqual(['4.0', '3.0', '2.5', '2.0', '1.0']);
    expect(versionsOf('CC0 1.0')).toEqual(['1.0']);
    expect(versionsOf('GNU GPL')).toEqual(['v3', 'v2', 'v1']);
    expect(versionsOf('C')).toEqual([]);
    expect(defaultLicenceVersion('CC BY')).toBe('4.0');
    expect(defaultLicenceVersion('PD')).toBeNull();
  });
  it("writes a change's date in H5P's format", () => {
    expect(h5pChangeDate(new Date('2026-11-27T08:05:09.123Z'))).toBe('26-11-27 08:05:09');
    expect(/^[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9]{1,2}:[0-9]{2}:[0-9]{2}$/.test(h5pChangeDate())).toBe(true);
  });
});
