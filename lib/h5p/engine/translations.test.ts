import { describe, expect, it } from 'vitest';
import { h5pTranslate } from './translations';

describe('h5pTranslate', () => {
  it('gives the H5P player texts in German and English', () => {
    expect(h5pTranslate('client:fullscreen', 'de')).toBe('Vollbild');
    expect(h5pTranslate('client:fullscreen', 'en')).toBe('Fullscreen');
  });
  it('falls back to English, then to the key', () => {
    expect(h5pTranslate('client:fullscreen', 'xx')).toBe('Fullscreen');
    expect(h5pTranslate('client:no-such-key', 'de')).toBe('client:no-such-key');
    expect(h5pTranslate('nonamespace', 'de')).toBe('nonamespace');
    expect(h5pTranslate('client:fullscreen', '../../etc')).toBe('Fullscreen');
  });
});
