import { describe, expect, it } from 'vitest';
import { cssForStyle as cssForStyleElement } from '@/lib/shared/escape';
import { DEFAULT_BRAND, brandOf } from './brand';
import { normalizeHost } from './host';
import { slugFromHost } from './resolve';

describe('host parsing', () => {
  it.each([
    ['Acme.Example.COM', 'acme.example.com'],
    ['www.acme.example.com:8443', 'acme.example.com'],
    ['acme.example.com.', 'acme.example.com'],
    ['[::1]:3000', '[::1]'],
    [null, ''],
  ])('%s → %s', (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });

  it('reads the slug label of {slug}.{BASE_DOMAIN} only', () => {
    expect(slugFromHost('acme.lumen.app', 'lumen.app')).toBe('acme');
    expect(slugFromHost('a.b.lumen.app', 'lumen.app')).toBeNull();
    expect(slugFromHost('-x.lumen.app', 'lumen.app')).toBeNull();
    expect(slugFromHost('lumen.app', 'lumen.app')).toBeNull();
    expect(slugFromHost('acme.other.app', 'lumen.app')).toBeNull();
    expect(slugFromHost(`${'a'.repeat(64)}.lumen.app`, 'lumen.app')).toBeNull();
  });
});

describe('brandOf', () => {
  it('merges stored members over the defaults and drops invalid ones', () => {
    expect(brandOf(null)).toEqual(DEFAULT_BRAND);
    expect(brandOf({ primaryColor: '#ABCDEF', appName: 'X', logoUrl: 'https://l.example/logo.png' })).toEqual({
      ...DEFAULT_BRAND,
      primaryColor: '#ABCDEF',
      appName: 'X',
      logoUrl: 'https://l.example/logo.png',
    });
    expect(brandOf({ primaryColor: 'red', appName: '', customCss: 'x'.repeat(50_001) })).toEqual(DEFAULT_BRAND);
  });
});

describe('cssForStyleElement', () => {
  it('leaves no way to end the style element or start markup, however the text is split or cased', () => {
    for (const css of ['</style><script>alert(1)</script>', '</</stylestyle>', '</STYLE >', '<!-- x -->', 'a::before{content:"<b>"}']) {
      expect(cssForStyleElement(css)).not.toMatch(/</);
    }
    expect(cssForStyleElement('a::before{content:"<"}')).toBe('a::before{content:"\\3c "}');
    expect(cssForStyleElement('body{color:#123}')).toBe('body{color:#123}');
  });
});
