import { describe, expect, it } from 'vitest';
import { parseRange } from './http/files';
import { sanitizeMediaName } from './content/media';
import { isSafeRelativePath } from './engine/paths';
import { ruleBasedReport } from './quality/rules';
import { manifest, wrapperJs } from './export/scorm';
import { sanitizeContentFilename } from './engine/storage/content-storage';

describe('parseRange', () => {
  it('reads single byte ranges and refuses unsatisfiable ones', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=0-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBeNull();
    expect(parseRange('bytes=5-1', 1000)).toBeNull();
    expect(parseRange(null, 1000)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
  });
});

describe('file names', () => {
  it('keeps relative paths inside their root', () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\b', 'a/./b', '']) expect(isSafeRelativePath(bad), bad).toBe(false);
    expect(isSafeRelativePath('images/a.png')).toBe(true);
  });

  it('sanitises media and content file names', () => {
    expect(sanitizeMediaName('../../My Photo (1).PNG')).toEqual({ stem: 'My-Photo-1', ext: 'png' });
    expect(sanitizeMediaName('.htaccess')).toEqual({ stem: 'htaccess', ext: '' });
    expect(sanitizeContentFilename('../images/ü ber.png')).toBe('images/uber.png');
  });
});

describe('rule-based quality critic', () => {
  it('raises the Bloom level from the wording of the question', () => {
    expect(ruleBasedReport('H5P.TrueFalse 1.8', 'x', { question: 'Is the sun a star?' }).bloomsLevel).toBe('remember');
    expect(ruleBasedReport('H5P.TrueFalse 1.8', 'x', { question: 'Explain whether the sun is a star' }).bloomsLevel).toBe('understand');
    expect(ruleBasedReport('H5P.MultiChoice 1.16', 'x', { question: 'Design an experiment to test it' }).bloomsLevel).toBe('create');
    expect(ruleBasedReport('H5P.Essay 1.0', 'x', { question: 'Name it' }).bloomsLevel).toBe('create');
  });

  it('scores accessibility from alternative texts and captions', () => {
    const missing = ruleBasedReport('H5P.MultiChoice 1.16', 't', { question: 'Which shape?', image: { path: 'images/a.png', alt: '' } });
    const given = ruleBasedReport('H5P.MultiChoice 1.16', 't', { question: 'Which shape?', image: { path: 'images/a.png', alt: 'Shapes' } });
    expect(given.accessibilityScore).toBeGreaterThan(missing.accessibilityScore);
    const video = ruleBasedReport('H5P.InteractiveVideo 1.0', 't', { interactiveVideo: { video: { files: [{ path: 'v.mp4', mime: 'video/mp4' }] } } });
    expect(video.improvements).toContain('Add captions to the videos.');
  });
});

describe('SCORM', () => {
  it('writes version-specific manifests and data models', () => {
    expect(manifest('1.2', 'abc', 'A & B', ['index.html'])).toContain('<schemaversion>1.2</schemaversion>');
    expect(manifest('1.2', 'abc', 'A & B', ['index.html'])).toContain('<title>A &amp; B</title>');
    expect(manifest('2004', 'abc', 'T', ['index.html'])).toContain('<schemaversion>2004 4th Edition</schemaversion>');
    expect(wrapperJs('1.2')).toContain("'API'");
    expect(wrapperJs('2004')).toContain("'API_1484_11'");
  });
});
