import { describe, expect, it } from 'vitest';
import { callerLocale, negotiateLocale } from './config';

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

describe('callerLocale', () => {
  const h = (init: Record<string, string>) => new Headers(init);
  it("takes the signed-in user's choice first, then the locale cookie, then Accept-Language", () => {
    expect(callerLocale(h({ 'accept-language': 'en', cookie: 'locale=en' }), { locale: 'de' })).toBe('de');
    expect(callerLocale(h({ 'accept-language': 'en', cookie: 'a=1; locale=de; b=2' }), { locale: null })).toBe('de');
    expect(callerLocale(h({ 'accept-language': 'de-AT,de;q=0.9' }), null)).toBe('de');
  });
  it('ignores what it does not support and falls back to English', () => {
    expect(callerLocale(h({ 'accept-language': 'fr', cookie: 'locale=fr; xlocale=de' }), { locale: 'fr' })).toBe('en');
    expect(callerLocale(h({}))).toBe('en');
  });
});
