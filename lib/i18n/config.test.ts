import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './config';

describe('negotiateLocale', () => {
  it('picks the best supported language of Accept-Language', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLocale('fr-FR, de;q=0.5, en;q=0.7')).toBe('en');
    expect(negotiateLocale('fr, de;q=0.1')).toBe('de');
    expect(negotiateLocale('de;q=0, en')).toBe('en');
  });
  it('falls back to English', () => {
    expect(negotiateLocale(null)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale('fr, es')).toBe('en');
    expect(negotiateLocale(';;;,q=x')).toBe('en');
  });
});
